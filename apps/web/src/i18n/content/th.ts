import type { Catalogue } from '../catalogue.ts';

/** content: th strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: 'ข่าว',
  moreNews: 'ข่าวเพิ่มเติม',
  allNews: 'ข่าวทั้งหมด',
  publishedAt: 'เผยแพร่เมื่อ {{date}}',
  updatedAt: 'อัปเดตเมื่อ {{date}}',
  articleMissing: 'บทความนี้ไม่พร้อมใช้งาน: อาจถูกลบหรือยังไม่ได้เผยแพร่',
  shownInEnglish: 'แสดงเป็นภาษาอังกฤษ: เนื้อหานี้ยังไม่มีฉบับภาษาของคุณ',
  notWritten: 'หน้านี้ยังไม่ได้เขียน',
  writeToUs: 'ติดต่อฝ่ายบริการลูกค้า',
  helpLinks: 'ความช่วยเหลือและข้อมูล',
  download: 'ดาวน์โหลดแอป',
  android: 'ดาวน์โหลดสำหรับ Android',
  ios: 'ดาวน์โหลดสำหรับ iPhone',
  noLink: 'ไม่มีลิงก์ให้เปิด',
  linkRefused: 'ไม่สามารถเปิดลิงก์นี้ได้: เปิดได้เฉพาะที่อยู่เว็บ (http หรือ https) เท่านั้น',
  goHome: 'กลับหน้าแรก',
  opensOutside: 'หน้านี้จะเปิดนอกแอป',
  openOutside: 'เปิดในเบราว์เซอร์',
};
