import type { Catalogue } from '../catalogue.ts';

/** share: fra strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {
  inviteCode: "Code d'invitation",
  inviteLink: "Lien d'invitation",
  copyCode: "Copier le code",
  copyLink: "Copier le lien",
  qrCode: "QR code de votre lien d'invitation",
  invited: "Amis invités",
  earned: "Remises reçues",
  noneYet: "Aucune pour le moment",
  howItWorks: "Les amis qui s'inscrivent avec votre lien ou votre code sont vos invités. Vous recevez {{share}} des frais de trading qu'ils paient (spot, contrats à terme et options) sur votre compte spot, dans la monnaie des frais, quelques secondes après chaque transaction.",
  secondLevel: "Vous recevez aussi {{share}} des frais payés par les amis qu'ils invitent.",
  lists: "Invitations et remises",
  invitees: "Amis invités",
  rebates: "Remises",
  noInvitees: "Personne ne s'est encore inscrit avec votre code",
  noRebates: "Aucune remise pour le moment",
  registeredAt: "Inscription",
  level: {
    "1": "Votre invité",
    "2": "Invité par votre invité",
  },
  product: {
    spot: "Au comptant",
    contract: "Contrats à terme",
    options: "Options à secondes",
  },
  from: "De",
  fee: "Frais",
  refunded: "Remboursé par un coupon de frais",
  share: "Part",
  amount: "Remise",
  rebateOf: "Remise de {{amount}} {{coin}}",
  time: "Heure",
};
