import type { Catalogue } from '../catalogue.ts';

/** wealth: fra strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "Tout voir",
  noProducts: "Aucun produit proposé pour le moment",
  noProjects: "Aucune souscription ouverte ou à venir",
  todayRate: "Aujourd'hui {{rate}}",
  dailyYield: "Rendement journalier",
  apr: "Taux annuel",
  dualTerms: "Prix lié {{price}} · échéance {{date}}",
  ieoPrice: "{{price}} {{pay}} par {{token}}",
  subscribed: "Souscrit",
  myHoldings: "Mes placements",
  inProgress: "{{count}} en cours",
  subscriptions_one: "{{count}} souscription",
  subscriptions_other: "{{count}} souscriptions",
  productGone: "Ce produit n’est pas disponible : il est peut-être terminé ou retiré de la vente.",
  projectGone: "Ce projet n’est pas disponible : il a peut-être été retiré.",
  backToList: "Voir les produits proposés",
  subscriptions_many: "{{count}} souscriptions",
};
