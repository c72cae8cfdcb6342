import type { ContractSettings, ContractSide } from '@fairex/contract';
import { add, cmp, isPositive } from '@fairex/contract/money';
import { handlingFee, marginOf, notional, openPriceWithSpread, payUnits, profitLoss, riskRate, stopProblem } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';

/**
 * The order form's and the position list's figures, computed only by the contract's rules (the ones the
 * server charges by), so a preview and the amount taken never disagree.
 */
export type StopsProblem = 'wrongTakeProfit' | 'wrongStopLoss' | 'takeProfitSide' | 'stopLossSide';

export const isPositiveAmount = (value: string) => isAmount(value) && isPositive(value);

/**
 * What an order takes from the contract account: the margin (notional / multiple) and the fee (notional
 * x fee rate), each rounded up to the margin coin's unit as the ledger takes them. A market order opens
 * at the mark plus the spread (long) or less it (short). A limit order freezes these figures at its
 * price, the most it can take: it opens at the better of its limit and the mark that reaches it
 * (limitFillPrice), its margin and fee sized again there and the rest returned.
 */
export function orderPreview(
  settings: ContractSettings,
  order: { side: ContractSide; market: boolean; price: string; lots: number; multiple: number },
  coinDecimals: number,
) {
  const openPrice = order.market ? openPriceWithSpread(order.side, order.price, settings.spread) : order.price;
  const value = notional(openPrice, order.lots, settings.contract_size);
  const margin = payUnits(marginOf(value, order.multiple), coinDecimals);
  const fee = payUnits(handlingFee(value, settings.fee_rate), coinDecimals);
  return { openPrice, margin, fee, cost: add(margin, fee) };
}

/** Take-profit and stop-loss as typed: optional, correct numbers, on the right side of the price. */
export function stopsProblem(side: ContractSide, price: string, takeProfit: string, stopLoss: string): StopsProblem | null {
  if (takeProfit !== '' && !isPositiveAmount(takeProfit)) return 'wrongTakeProfit';
  if (stopLoss !== '' && !isPositiveAmount(stopLoss)) return 'wrongStopLoss';
  const problem = stopProblem(side, price, takeProfit || null, stopLoss || null);
  if (problem === 'take_profit_side') return 'takeProfitSide';
  if (problem === 'stop_loss_side') return 'stopLossSide';
  return null;
}

/** A position's P&L at the mark (unrealised), by the rule the server settles with. */
export type OpenPosition = { side: ContractSide; open_price: string | null; share: number; margin: string };
export const livePositionProfit = (position: OpenPosition, mark: string, contractSize: string) =>
  position.open_price === null ? '0' : profitLoss(position.side, position.open_price, mark, position.share, contractSize);

/** The account's risk rate from its available balance and its positions' margins and live P&L. */
export const liveRiskRate = (available: string, positions: readonly { margin: string; profit: string }[]) =>
  riskRate(
    available,
    positions.map((p) => p.margin),
    positions.map((p) => p.profit),
  );

export const isAbove = (a: string, b: string) => cmp(a, b) > 0;
