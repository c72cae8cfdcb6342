import type { Catalogue } from '../catalogue.ts';

/** ticks: ภาษาไทย — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "ติ๊ก #{{open}} → #{{close}}",
  check: "ตรวจสอบ",
  checkAgain: "ตรวจสอบอีกครั้ง",
  checking: "กำลังตรวจสอบ…",
  verified: "ยืนยันแล้ว",
  notVerified: "ยืนยันไม่ผ่าน",
  opening: "กำลังเปิดที่ติ๊กดัชนีถัดไป…",
  void: "เป็นโมฆะ · คืนเงินแล้ว",
  voidNoOpeningTick: "ไม่มีติ๊กดัชนีมาทันหลังคำสั่งของคุณ: คืนเงินเดิมพันและค่าธรรมเนียมเต็มจำนวน",
  voidStaleClose: "ดัชนีล้าสมัย ณ เวลาหมดอายุ: คืนเงินเดิมพันและค่าธรรมเนียมเต็มจำนวน",
  voidResult: "โมฆะ",
};
