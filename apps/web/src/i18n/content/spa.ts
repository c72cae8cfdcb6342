import type { Catalogue } from '../catalogue.ts';

/** content: spa strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: 'Noticias',
  moreNews: 'Más noticias',
  allNews: 'Todas las noticias',
  publishedAt: 'Publicado el {{date}}',
  updatedAt: 'Actualizado el {{date}}',
  articleMissing: 'Este artículo no está disponible: puede que se haya eliminado o que aún no se haya publicado.',
  shownInEnglish: 'Se muestra en inglés: este texto aún no tiene versión en su idioma.',
  notWritten: 'Esta página aún no se ha redactado.',
  writeToUs: 'Escribir al servicio de atención al cliente',
  helpLinks: 'Ayuda e información',
  download: 'Descargar la aplicación',
  android: 'Descargar para Android',
  ios: 'Descargar para iPhone',
  noLink: 'No hay ningún enlace que abrir.',
  linkRefused: 'Este enlace no se puede abrir: aquí solo se abren direcciones web (http o https).',
  goHome: 'Volver al inicio',
  opensOutside: 'Esta página se abre fuera de la aplicación.',
  openOutside: 'Abrir en el navegador',
};
