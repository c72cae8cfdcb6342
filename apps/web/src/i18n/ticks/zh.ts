import type { Catalogue } from '../catalogue.ts';

/** ticks: 简体中文 — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "行情点 #{{open}} → #{{close}}",
  check: "校验",
  checkAgain: "重新校验",
  checking: "校验中…",
  verified: "已验证",
  notVerified: "未通过验证",
  opening: "等待下一个指数行情点开仓…",
  void: "无效 · 已退款",
  voidNoOpeningTick: "下单后未及时收到指数行情点：本金和手续费已全额退还",
  voidStaleClose: "到期时指数已过时：本金和手续费已全额退还",
  voidResult: "无效",
};
