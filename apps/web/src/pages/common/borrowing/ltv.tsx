import { cmp } from '@fairex/contract/money';
import { loanLtvPercent } from '@fairex/contract/rules';

/** How close an LTV is to the loan's levels: safe, past the margin call, or at the liquidation. */
export function ltvLevel(ltv: string, marginCall: string, liquidation: string): 'safe' | 'warning' | 'danger' {
  if (cmp(ltv, liquidation) >= 0) return 'danger';
  if (cmp(ltv, marginCall) >= 0) return 'warning';
  return 'safe';
}

/** An LTV in percent (rounded up: a shown risk is never below the real one), coloured by its level. */
export function LtvBadge({ ltv, marginCall, liquidation }: { ltv: string; marginCall: string; liquidation: string }) {
  return <span className={`loan-ltv loan-ltv--${ltvLevel(ltv, marginCall, liquidation)}`}>{loanLtvPercent(ltv)}%</span>;
}
