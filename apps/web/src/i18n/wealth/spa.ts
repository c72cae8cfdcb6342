import type { Catalogue } from '../catalogue.ts';

/** wealth: spa strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "Ver todo",
  noProducts: "No hay productos a la venta en este momento",
  noProjects: "No hay suscripciones abiertas ni próximas",
  todayRate: "Hoy {{rate}}",
  dailyYield: "Rendimiento diario",
  apr: "Tasa anual",
  dualTerms: "Precio vinculado {{price}} · vence {{date}}",
  ieoPrice: "{{price}} {{pay}} por {{token}}",
  subscribed: "Suscrito",
  myHoldings: "Mis inversiones",
  inProgress: "{{count}} en curso",
  subscriptions_one: "{{count}} suscripción",
  subscriptions_other: "{{count}} suscripciones",
  productGone: "Este producto no está disponible: puede haber terminado o haberse retirado de la venta.",
  projectGone: "Este proyecto no está disponible: puede haberse retirado.",
  backToList: "Ver los productos disponibles",
  subscriptions_many: "{{count}} suscripciones",
};
