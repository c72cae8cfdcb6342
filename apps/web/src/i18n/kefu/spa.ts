import type { Catalogue } from '../catalogue.ts';

/** kefu: spa strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: 'Mensajes',
  older: 'Mensajes anteriores',
  empty: 'Pregúntenos lo que quiera: respondemos aquí.',
  you: 'Usted',
  service: 'Atención al cliente',
  image: 'Imagen adjunta',
  attach: 'Añadir una imagen',
  removeImage: 'Quitar la imagen',
  message: 'Su mensaje',
  placeholder: 'Escriba su mensaje',
  send: 'Enviar',
  charsLeft_one: 'Queda {{count}} carácter',
  charsLeft_other: 'Quedan {{count}} caracteres',
  charsOver_one: '{{count}} carácter de más',
  charsOver_other: '{{count}} caracteres de más',
  charsOver_many: '{{count}} caracteres de más',
  charsLeft_many: 'Quedan {{count}} caracteres',
  emptyMessage: 'Escriba un mensaje o añada una imagen',
  tooLong: 'Como máximo {{max}} caracteres',
};
