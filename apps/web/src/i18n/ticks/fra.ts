import type { Catalogue } from '../catalogue.ts';

/** ticks: Français — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "Ticks n° {{open}} → n° {{close}}",
  check: "Vérifier",
  checkAgain: "Vérifier à nouveau",
  checking: "Vérification…",
  verified: "Vérifié",
  notVerified: "Non vérifié",
  opening: "Ouverture au prochain tick de l'indice…",
  void: "Annulé · remboursé",
  voidNoOpeningTick: "Aucun tick de l'indice n'est arrivé à temps après votre ordre : mise et frais remboursés en totalité",
  voidStaleClose: "L'indice était périmé à l'échéance : mise et frais remboursés en totalité",
  voidResult: "Annulé",
};
