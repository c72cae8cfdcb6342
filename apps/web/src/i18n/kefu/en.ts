/** kefu: English strings, the reference for the other languages (./<lang>.ts). */
export const kefu = {
  messages: 'Messages',
  older: 'Earlier messages',
  empty: 'Ask us anything: we answer here.',
  you: 'You',
  service: 'Customer service',
  image: 'Attached image',
  attach: 'Add an image',
  removeImage: 'Remove the image',
  message: 'Message',
  placeholder: 'Write your message',
  send: 'Send',
  charsLeft: '{{count}} characters left',
  emptyMessage: 'Write a message or add an image',
  tooLong: 'At most {{max}} characters',
};
