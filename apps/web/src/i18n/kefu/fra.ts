import type { Catalogue } from '../catalogue.ts';

/** kefu: fra strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: 'Fil de discussion',
  older: 'Messages précédents',
  empty: 'Posez-nous vos questions : nous répondons ici.',
  you: 'Vous',
  service: 'Service client',
  image: 'Image jointe',
  attach: 'Ajouter une image',
  removeImage: "Retirer l'image",
  message: 'Votre message',
  placeholder: 'Écrivez votre message',
  send: 'Envoyer',
  charsLeft_one: '{{count}} caractère restant',
  charsLeft_other: '{{count}} caractères restants',
  charsOver_one: '{{count}} caractère en trop',
  charsOver_other: '{{count}} caractères en trop',
  charsOver_many: '{{count}} caractères en trop',
  charsLeft_many: '{{count}} caractères restants',
  emptyMessage: 'Écrivez un message ou ajoutez une image',
  tooLong: '{{max}} caractères au plus',
};
