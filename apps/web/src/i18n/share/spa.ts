import type { Catalogue } from '../catalogue.ts';

/** share: spa strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {
  inviteCode: "Código de invitación",
  inviteLink: "Enlace de invitación",
  copyCode: "Copiar código",
  copyLink: "Copiar enlace",
  qrCode: "Código QR de tu enlace de invitación",
  invited: "Amigos invitados",
  earned: "Reembolsos recibidos",
  noneYet: "Aún ninguno",
  howItWorks: "Los amigos que se registran con tu enlace o código son tus invitados. Recibes {{share}} de las comisiones de trading que pagan (spot, futuros y opciones) en tu cuenta spot, en la moneda de la comisión, segundos después de cada operación.",
  secondLevel: "También recibes {{share}} de las comisiones que pagan los amigos que ellos invitan.",
  lists: "Invitaciones y reembolsos",
  invitees: "Amigos invitados",
  rebates: "Reembolsos",
  noInvitees: "Nadie se ha registrado todavía con tu código",
  noRebates: "Aún no hay reembolsos",
  registeredAt: "Registrado",
  level: {
    "1": "Tu invitado",
    "2": "Invitado por tu invitado",
  },
  product: {
    spot: "Al contado",
    contract: "Futuros",
    options: "Opciones",
  },
  from: "De",
  fee: "Comisión",
  refunded: "Devuelto por un cupón de comisiones",
  share: "Parte",
  amount: "Reembolso",
  rebateOf: "Reembolso de {{amount}} {{coin}}",
  time: "Hora",
};
