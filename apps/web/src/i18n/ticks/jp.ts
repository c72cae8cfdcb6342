import type { Catalogue } from '../catalogue.ts';

/** ticks: 日本語 — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "ティック #{{open}} → #{{close}}",
  check: "検証",
  checkAgain: "再検証",
  checking: "検証中…",
  verified: "検証済み",
  notVerified: "検証できません",
  opening: "次の指数ティックで約定待ち…",
  void: "無効 · 返金済み",
  voidNoOpeningTick: "注文後、指数ティックが間に合いませんでした：元本と手数料を全額返金しました",
  voidStaleClose: "満期時に指数が古くなっていました：元本と手数料を全額返金しました",
  voidResult: "無効",
};
