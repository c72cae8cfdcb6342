import type { Catalogue } from '../catalogue.ts';

/** accounts: th strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: 'กรอกชื่อตามเอกสาร: ใช้ได้เฉพาะตัวอักษร ช่องว่าง และ \' - . ·',
    id_number_invalid: 'กรุณากรอกหมายเลขเอกสารให้ถูกต้อง',
    card_number_invalid: 'กรอกหมายเลขบัตรให้ถูกต้อง: ตัวเลข 12-19 หลัก',
    account_number_invalid: 'กรอกเลขที่บัญชี (ตัวเลข 4-34 หลัก) หรือ IBAN ให้ถูกต้อง',
    swift_code_invalid: 'กรอกรหัส SWIFT/BIC ให้ถูกต้อง: ตัวอักษรและตัวเลข 8 หรือ 11 ตัว',
    aba_number_invalid: 'กรอกหมายเลข ABA routing ให้ถูกต้อง: ตัวเลข 9 หลัก',
    text_invalid: 'ลบอักขระ < > และอักขระควบคุมออก',
    mobile_invalid: 'กรุณากรอกหมายเลขโทรศัพท์มือถือให้ถูกต้อง',
    address_invalid: 'นี่ไม่ใช่ที่อยู่ {{network}} ที่ถูกต้อง',
    address_duplicate: 'คุณบันทึกที่อยู่นี้สำหรับเหรียญและเครือข่ายนี้ไว้แล้ว',
  },
  placeholders: {
    bank_account: 'ตัวเลข 12-19 หลัก',
    international_account: 'เลขที่บัญชีหรือ IBAN',
    aba_number: 'ตัวเลข 9 หลัก',
    swift_code: '8 หรือ 11 ตัว',
    international_phone: '+66 2 123 4567',
  },
  savedCard: 'บัตรที่คุณบันทึกไว้: แก้ไขช่องใดก็ได้แล้วบันทึก หรือลบบัตรนี้',
  removeCard: 'ลบบัตร',
  removeCardConfirm: 'ลบบัตรนี้หรือไม่? รายการถอนที่ส่งไปแล้วจะไม่ได้รับผลกระทบ',
  cardRemoved: 'ลบบัตรแล้ว',
  networkHint: 'รับเฉพาะที่อยู่บนเครือข่าย {{network}}',
  status: {
    title: 'สถานะการยืนยันตัวตน',
    level1: 'Lv1 การยืนยันขั้นพื้นฐาน',
    level2: 'Lv2 การยืนยันขั้นสูง',
    rejected: 'ไม่ผ่านการอนุมัติ: {{reason}}',
    underReview: 'เอกสารของคุณอยู่ระหว่างการตรวจสอบ เราจะอัปเดตสถานะเมื่อเสร็จสิ้น',
    allDone: 'คุณยืนยันตัวตนครบทุกขั้นแล้ว',
    verifyLevel1: 'ยืนยันตอนนี้ (Lv1)',
    verifyLevel2: 'ดำเนินการต่อ Lv2',
    submitAgain: 'ส่งอีกครั้ง',
  },
  unlocks: {
    title: 'สิ่งที่แต่ละระดับปลดล็อก',
    level1: 'Lv1: ชื่อและหมายเลขเอกสารของคุณ',
    level2: 'Lv2: รูปถ่ายด้านหน้าและด้านหลังของเอกสาร',
    withdraw: 'ถอนได้สูงสุด {{amount}} BTC ต่อ 24 ชั่วโมง',
    fiat: 'ซื้อขายเงินเฟียตได้สูงสุด {{amount}} USDT ต่อคำสั่ง',
    current: 'วงเงินปัจจุบันของคุณ',
  },
};
