import type { Catalogue } from '../catalogue.ts';

/** wealth: th strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "ดูทั้งหมด",
  noProducts: "ยังไม่มีผลิตภัณฑ์ที่เปิดขายในขณะนี้",
  noProjects: "ไม่มีการจองซื้อที่เปิดอยู่หรือกำลังจะมา",
  todayRate: "วันนี้ {{rate}}",
  dailyYield: "ผลตอบแทนรายวัน",
  apr: "ผลตอบแทนต่อปี",
  dualTerms: "ราคาอ้างอิง {{price}} · ครบกำหนด {{date}}",
  ieoPrice: "{{price}} {{pay}} ต่อ {{token}}",
  subscribed: "จองซื้อแล้ว",
  myHoldings: "การถือครองของฉัน",
  inProgress: "กำลังดำเนินการ {{count}} รายการ",
  subscriptions_other: "จองซื้อ {{count}} รายการ",
  productGone: "ผลิตภัณฑ์นี้ไม่พร้อมให้บริการ: อาจสิ้นสุดแล้วหรือถูกนำออกจากการขาย",
  projectGone: "โครงการนี้ไม่พร้อมให้บริการ: อาจถูกนำออกแล้ว",
  backToList: "ดูผลิตภัณฑ์ที่เปิดขาย",
};
