import type { Catalogue } from '../catalogue.ts';

/** ticks: 繁體中文 — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "行情點 #{{open}} → #{{close}}",
  check: "校驗",
  checkAgain: "重新校驗",
  checking: "校驗中…",
  verified: "已驗證",
  notVerified: "未通過驗證",
  opening: "等待下一個指數行情點開倉…",
  void: "無效 · 已退款",
  voidNoOpeningTick: "下單後未及時收到指數行情點：本金和手續費已全額退還",
  voidStaleClose: "到期時指數已過時：本金和手續費已全額退還",
  voidResult: "無效",
};
