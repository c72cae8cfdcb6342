import { useFiat } from '../../api/config.ts';
import { useQuotations } from '../../api/market.ts';
import { coinsOf, fiatValue } from './format.ts';

/**
 * "≈ 461500.00 CNY": a price of a symbol in the user's chosen fiat (settings), from the app's fiat rates
 * and, for a quote coin other than USDT, its own spot price in USDT. Undefined where there is none.
 */
export function useFiatValue() {
  const fiat = useFiat();
  const quotations = useQuotations().data ?? [];
  const usdtPriceOf = (coin: string) => quotations.find((q) => q.kind === 'spot' && q.symbol === `${coin}/USDT`)?.price;
  return (price: string | null, symbol: string) => {
    const quote = coinsOf(symbol).quote || 'USDT';
    const value = fiatValue(price, quote, usdtPriceOf, fiat.rate);
    return value === undefined ? undefined : `≈ ${value} ${fiat.currency_code}`;
  };
}
