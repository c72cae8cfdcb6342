import type { Catalogue } from '../catalogue.ts';

/** ticks: 한국어 — the index tick check and the option states that follow the freshness rule. */
export const ticks: Catalogue['ticks'] = {
  ids: "틱 #{{open}} → #{{close}}",
  check: "검증",
  checkAgain: "다시 검증",
  checking: "검증 중…",
  verified: "검증됨",
  notVerified: "검증 실패",
  opening: "다음 지수 틱에서 개시 대기 중…",
  void: "무효 · 환불됨",
  voidNoOpeningTick: "주문 후 제때 지수 틱이 오지 않았습니다: 원금과 수수료를 전액 환불했습니다",
  voidStaleClose: "만기 시 지수가 오래되었습니다: 원금과 수수료를 전액 환불했습니다",
  voidResult: "무효",
};
