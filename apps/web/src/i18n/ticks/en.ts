/** ticks: English strings, the reference for the other languages (./<lang>.ts) — the index tick check and the option states that follow the freshness rule. */
export const ticks = {
  ids: "Ticks #{{open}} → #{{close}}",
  check: "Check",
  checkAgain: "Check again",
  checking: "Checking…",
  verified: "Verified",
  notVerified: "Not verified",
  opening: "Opening on the next index tick…",
  void: "Void · refunded",
  voidNoOpeningTick: "No index tick came in time after your order: stake and fee refunded in full",
  voidStaleClose: "The index was stale at expiry: stake and fee refunded in full",
  voidResult: "Void",
};
