import type { Catalogue } from '../catalogue.ts';

/** notice: fra strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: 'Notifications système',
  unread_one: '{{count}} non lue',
  unread_other: '{{count}} non lues',
  unread_many: '{{count}} non lues',
  bellUnread_one: 'Notifications, {{count}} non lue',
  bellUnread_other: 'Notifications, {{count}} non lues',
  bellUnread_many: 'Notifications, {{count}} non lues',
  list: 'Liste des notifications',
  empty: 'Aucune notification pour le moment',
  markAllRead: 'Tout marquer comme lu',
  markRead: 'Marquer comme lu',
  unreadItem: 'Non lu',
  system: 'Avis système',
  time: {
    justNow: "À l'instant",
    minutes_one: 'Il y a {{count}} minute',
    minutes_other: 'Il y a {{count}} minutes',
    minutes_many: 'Il y a {{count}} minutes',
    hours_one: 'Il y a {{count}} heure',
    hours_other: 'Il y a {{count}} heures',
    hours_many: 'Il y a {{count}} heures',
    days_one: 'Il y a {{count}} jour',
    days_other: 'Il y a {{count}} jours',
    days_many: 'Il y a {{count}} jours',
  },
  level: {
    basic: 'de base',
    advanced: 'avancée',
  },
  kind: {
    deposit_credited: {
      title: 'Dépôt crédité',
      body: '{{amount}} {{currency}} ont été crédités sur votre compte spot.',
    },
    withdrawal_approved: {
      title: 'Retrait approuvé',
      body: 'Votre retrait de {{number}} {{currency}} a été approuvé : {{arrival}} {{currency}} sont en route (frais {{fee}} {{currency}}).',
    },
    withdrawal_rejected: {
      title: 'Retrait refusé',
      body: 'Votre retrait de {{number}} {{currency}} a été refusé et le montant est de nouveau disponible. Motif : {{reason}}',
    },
    identity_approved: {
      title: 'Identité vérifiée',
      body: "Votre vérification d'identité {{level}} a été approuvée.",
    },
    identity_rejected: {
      title: "Vérification d'identité refusée",
      body: "Votre vérification d'identité {{level}} a été refusée. Motif : {{reason}}",
    },
    spot_order_filled: {
      title: 'Ordre exécuté',
      bodyBuy: "Votre ordre d'achat {{symbol}} de {{quantity}} a été exécuté au prix moyen de {{price}}.",
      bodySell: 'Votre ordre de vente {{symbol}} de {{quantity}} a été exécuté au prix moyen de {{price}}.',
    },
    mining_unlocked: {
      title: 'Minage bloqué arrivé à terme',
      body: 'Votre minage bloqué de {{amount}} {{currency}} est arrivé à terme : le capital est revenu sur votre compte spot. Intérêts perçus sur la durée : {{interest}} {{currency}}.',
    },
    dual_settled: {
      title: 'Investissement double réglé',
      bodySuccess: '{{symbol}} : votre investissement de {{amount}} {{currency}} a été réglé et {{payout}} {{payout_currency}} ont été versés sur votre compte spot.',
      bodyFail: '{{symbol}} : l’indice n’était pas connu à l’heure du règlement, votre investissement de {{amount}} {{currency}} a donc été remboursé en totalité sur votre compte spot.',
    },
    ieo_allocated: {
      title: 'Attribution IEO',
      body: '{{project}} : {{allocated}} {{token}} vous ont été attribués pour {{charged}} {{pay_currency}}, et {{refunded}} {{pay_currency}} ont été remboursés sur votre compte spot.',
      locked: 'Les jetons sont bloqués jusqu’au {{time}}.',
    },
    copy_skipped: {
      title: 'Copie ignorée',
      body: 'Votre compte de contrats ne pouvait pas payer la marge et les frais pour copier la position {{symbol}} de {{trader}} : aucune copie n’a été ouverte. Transférez des fonds sur votre compte de contrats pour copier ses prochaines positions.',
    },
  },
  labelOnly: {
    superLeverage: "Le super effet de levier n'est qu'une étiquette : FairEx ne propose pas de trading sur marge avec effet de levier. Les contrats à terme, au multiple de votre choix, sont sous Contrats à terme.",
    miniGame: "Le mini-jeu n'est qu'une étiquette : FairEx ne propose aucun jeu.",
    chatRoom: "Le salon de discussion n'est qu'une étiquette : FairEx n'a pas de discussion publique. Pour de l'aide, contactez le service client.",
  },
};
