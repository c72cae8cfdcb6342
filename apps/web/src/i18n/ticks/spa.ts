import type { Catalogue } from '../catalogue.ts';

/** ticks: Español — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "Ticks n.º {{open}} → n.º {{close}}",
  check: "Verificar",
  checkAgain: "Verificar de nuevo",
  checking: "Verificando…",
  verified: "Verificado",
  notVerified: "No verificado",
  opening: "Abriendo en el próximo tick del índice…",
  void: "Anulada · reembolsada",
  voidNoOpeningTick: "No llegó a tiempo ningún tick del índice tras su orden: apuesta y comisión reembolsadas por completo",
  voidStaleClose: "El índice estaba desactualizado al vencimiento: apuesta y comisión reembolsadas por completo",
  voidResult: "Anulada",
};
