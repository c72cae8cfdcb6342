import type { Catalogue } from '../catalogue.ts';

/** content: fra strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: 'Actualités',
  moreNews: "Plus d'actualités",
  allNews: 'Toutes les actualités',
  publishedAt: 'Publié le {{date}}',
  updatedAt: 'Mis à jour le {{date}}',
  articleMissing: "Cet article n'est pas disponible : il a peut-être été supprimé ou n'est pas encore publié.",
  shownInEnglish: "Affiché en anglais : ce texte n'a pas encore de version dans votre langue.",
  notWritten: "Cette page n'a pas encore été rédigée.",
  writeToUs: 'Écrire au service client',
  helpLinks: 'Aide et informations',
  download: "Télécharger l'application",
  android: 'Télécharger pour Android',
  ios: 'Télécharger pour iPhone',
  noLink: "Il n'y a aucun lien à ouvrir.",
  linkRefused: "Ce lien ne peut pas être ouvert : seules les adresses web (http ou https) s'ouvrent ici.",
  goHome: "Retour à l'accueil",
  opensOutside: "Cette page s'ouvre en dehors de l'application.",
  openOutside: 'Ouvrir dans le navigateur',
};
