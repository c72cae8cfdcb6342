import type { Catalogue } from '../catalogue.ts';

/** notice: th strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: 'การแจ้งเตือน',
  unread_one: 'ยังไม่อ่าน {{count}} รายการ',
  unread_other: 'ยังไม่อ่าน {{count}} รายการ',
  bellUnread_one: 'การแจ้งเตือน ยังไม่อ่าน {{count}} รายการ',
  bellUnread_other: 'การแจ้งเตือน ยังไม่อ่าน {{count}} รายการ',
  list: 'รายการแจ้งเตือน',
  empty: 'ยังไม่มีการแจ้งเตือน',
  markAllRead: 'ทำเครื่องหมายว่าอ่านแล้วทั้งหมด',
  markRead: 'ทำเครื่องหมายว่าอ่านแล้ว',
  unreadItem: 'ยังไม่อ่าน',
  system: 'ประกาศของระบบ',
  time: {
    justNow: 'เมื่อสักครู่',
    minutes_one: '{{count}} นาทีที่แล้ว',
    minutes_other: '{{count}} นาทีที่แล้ว',
    hours_one: '{{count}} ชั่วโมงที่แล้ว',
    hours_other: '{{count}} ชั่วโมงที่แล้ว',
    days_one: '{{count}} วันที่แล้ว',
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
  },
  labelOnly: {
    superLeverage: 'ซูเปอร์เลเวอเรจเป็นเพียงป้ายชื่อ: FairEx ไม่มีบริการเทรดมาร์จินแบบใช้เลเวอเรจ สัญญาฟิวเจอร์สที่เลือกตัวคูณได้อยู่ในเมนูฟิวเจอร์ส',
    miniGame: 'มินิเกมเป็นเพียงป้ายชื่อ: FairEx ไม่มีเกมให้บริการ',
    chatRoom: 'ห้องแชทเป็นเพียงป้ายชื่อ: FairEx ไม่มีแชทสาธารณะ หากต้องการความช่วยเหลือ โปรดติดต่อฝ่ายบริการลูกค้า',
  },
};
