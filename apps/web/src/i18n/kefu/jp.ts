import type { Catalogue } from '../catalogue.ts';

/** kefu: jp strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: 'メッセージ',
  older: '以前のメッセージ',
  empty: '何でもお気軽にお尋ねください。ここでお答えします。',
  you: 'あなた',
  service: 'カスタマーサービス',
  image: '添付画像',
  attach: '画像を追加',
  removeImage: '画像を削除',
  message: 'メッセージ本文',
  placeholder: 'メッセージを入力',
  send: '送信',
  charsLeft_other: '残り {{count}} 文字',
  charsOver_other: '{{count}} 文字オーバー',
  emptyMessage: 'メッセージを入力するか画像を追加してください',
  tooLong: '{{max}} 文字まで',
};
