import type { Catalogue } from '../catalogue.ts';

/** notice: th strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: 'การแจ้งเตือน',
  unread_other: 'ยังไม่อ่าน {{count}} รายการ',
  bellUnread_other: 'การแจ้งเตือน ยังไม่อ่าน {{count}} รายการ',
  list: 'รายการแจ้งเตือน',
  empty: 'ยังไม่มีการแจ้งเตือน',
  markAllRead: 'ทำเครื่องหมายว่าอ่านแล้วทั้งหมด',
  markRead: 'ทำเครื่องหมายว่าอ่านแล้ว',
  unreadItem: 'ยังไม่อ่าน',
  system: 'ประกาศของระบบ',
  time: {
    justNow: 'เมื่อสักครู่',
    minutes_other: '{{count}} นาทีที่แล้ว',
    hours_other: '{{count}} ชั่วโมงที่แล้ว',
    days_other: '{{count}} วันที่แล้ว',
  },
  level: {
    basic: 'ระดับพื้นฐาน',
    advanced: 'ระดับสูง',
  },
  kind: {
    deposit_credited: {
      title: 'เงินฝากเข้าบัญชีแล้ว',
      body: '{{amount}} {{currency}} เข้าบัญชีสปอตของคุณแล้ว',
    },
    withdrawal_approved: {
      title: 'อนุมัติการถอนแล้ว',
      body: 'การถอน {{number}} {{currency}} ของคุณได้รับการอนุมัติ: {{arrival}} {{currency}} กำลังโอนออก (ค่าธรรมเนียม {{fee}} {{currency}})',
    },
    withdrawal_rejected: {
      title: 'การถอนถูกปฏิเสธ',
      body: 'การถอน {{number}} {{currency}} ของคุณถูกปฏิเสธ และยอดเงินนี้ใช้ได้อีกครั้ง เหตุผล: {{reason}}',
    },
    identity_approved: {
      title: 'ยืนยันตัวตนแล้ว',
      body: 'การยืนยันตัวตน{{level}}ของคุณได้รับการอนุมัติแล้ว',
    },
    identity_rejected: {
      title: 'การยืนยันตัวตนถูกปฏิเสธ',
      body: 'การยืนยันตัวตน{{level}}ของคุณถูกปฏิเสธ เหตุผล: {{reason}}',
    },
    spot_order_filled: {
      title: 'คำสั่งซื้อขายสำเร็จแล้ว',
      bodyBuy: 'คำสั่งซื้อ {{symbol}} จำนวน {{quantity}} ของคุณจับคู่ครบแล้ว ที่ราคาเฉลี่ย {{price}}',
      bodySell: 'คำสั่งขาย {{symbol}} จำนวน {{quantity}} ของคุณจับคู่ครบแล้ว ที่ราคาเฉลี่ย {{price}}',
    },
    mining_unlocked: {
      title: 'การขุดแบบล็อกครบกำหนดแล้ว',
      body: 'การขุดแบบล็อก {{amount}} {{currency}} ของคุณครบกำหนดแล้ว เงินต้นกลับเข้าบัญชีสปอตของคุณแล้ว ดอกเบี้ยที่ได้รับตลอดระยะเวลา: {{interest}} {{currency}}',
    },
    dual_settled: {
      title: 'การลงทุนแบบดูอัลชำระแล้ว',
      bodySuccess: '{{symbol}}: การลงทุน {{amount}} {{currency}} ของคุณชำระแล้ว และจ่าย {{payout}} {{payout_currency}} เข้าบัญชีสปอตของคุณแล้ว',
      bodyFail: '{{symbol}}: ไม่ทราบราคาดัชนี ณ เวลาชำระ จึงคืนเงินลงทุน {{amount}} {{currency}} เต็มจำนวนเข้าบัญชีสปอตของคุณ',
    },
    ieo_allocated: {
      title: 'ผลการจัดสรร IEO',
      body: '{{project}}: คุณได้รับการจัดสรร {{allocated}} {{token}} โดยชำระ {{charged}} {{pay_currency}} และคืน {{refunded}} {{pay_currency}} เข้าบัญชีสปอตของคุณแล้ว',
      locked: 'โทเค็นถูกล็อกไว้จนถึง {{time}}',
    },
    copy_skipped: {
      title: 'ข้ามการคัดลอก',
      body: 'บัญชีฟิวเจอร์สของคุณไม่พอจ่ายมาร์จิ้นและค่าธรรมเนียมเพื่อคัดลอกสถานะ {{symbol}} ของ {{trader}} จึงไม่ได้เปิดการคัดลอก โอนเงินเข้าบัญชีฟิวเจอร์สเพื่อคัดลอกสถานะถัดไปของเขา',
    },
  },
  labelOnly: {
    superLeverage: 'ซูเปอร์เลเวอเรจเป็นเพียงป้ายชื่อ: FairEx ไม่มีบริการเทรดมาร์จินแบบใช้เลเวอเรจ สัญญาฟิวเจอร์สที่เลือกตัวคูณได้อยู่ในเมนูฟิวเจอร์ส',
    miniGame: 'มินิเกมเป็นเพียงป้ายชื่อ: FairEx ไม่มีเกมให้บริการ',
    chatRoom: 'ห้องแชทเป็นเพียงป้ายชื่อ: FairEx ไม่มีแชทสาธารณะ หากต้องการความช่วยเหลือ โปรดติดต่อฝ่ายบริการลูกค้า',
  },
};
