import type { Catalogue } from '../catalogue.ts';

/** kefu: hk strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: '訊息',
  older: '更早的訊息',
  empty: '有任何問題都可以問我們，我們會在這裡回覆。',
  you: '我',
  service: '客服',
  image: '附圖',
  attach: '加入圖片',
  removeImage: '移除圖片',
  message: '訊息內容',
  placeholder: '請輸入訊息',
  send: '傳送',
  charsLeft_other: '還可輸入 {{count}} 個字元',
  charsOver_other: '超出 {{count}} 個字元',
  emptyMessage: '請輸入訊息或加入圖片',
  tooLong: '最多 {{max}} 個字元',
};
