import type { Catalogue } from '../catalogue.ts';

/** kefu: th strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: 'ข้อความ',
  older: 'ข้อความก่อนหน้า',
  empty: 'สอบถามเราได้ทุกเรื่อง เราจะตอบที่นี่',
  you: 'คุณ',
  service: 'ฝ่ายบริการลูกค้า',
  image: 'รูปภาพที่แนบ',
  attach: 'เพิ่มรูปภาพ',
  removeImage: 'ลบรูปภาพ',
  message: 'ข้อความของคุณ',
  placeholder: 'พิมพ์ข้อความของคุณ',
  send: 'ส่ง',
  charsLeft_other: 'เหลืออีก {{count}} ตัวอักษร',
  charsOver_other: 'เกิน {{count}} ตัวอักษร',
  emptyMessage: 'กรุณาเขียนข้อความหรือเพิ่มรูปภาพ',
  tooLong: 'ไม่เกิน {{max}} ตัวอักษร',
};
