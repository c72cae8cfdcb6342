import type { Catalogue } from '../catalogue.ts';

/** kefu: zh strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: '消息',
  older: '更早的消息',
  empty: '有任何问题都可以问我们，我们会在这里回复。',
  you: '我',
  service: '客服',
  image: '附图',
  attach: '添加图片',
  removeImage: '移除图片',
  message: '消息内容',
  placeholder: '请输入消息',
  send: '发送',
  charsLeft_other: '还可输入 {{count}} 个字符',
  charsOver_other: '超出 {{count}} 个字符',
  emptyMessage: '请输入消息或添加图片',
  tooLong: '最多 {{max}} 个字符',
};
