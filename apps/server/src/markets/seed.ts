import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { currencies } from '../site/tables.ts';
import { marketSymbols, type SymbolKind } from './tables.ts';

type SymbolSeed = { symbol: string; kind: SymbolKind; base?: string; startPrice: string; volatility: number; priceDecimals: number; quantityDecimals: number };

/** The minimum order value of the seeded spot pairs (all quoted in USDT), as migration 0012 sets it. */
const SPOT_ORDER_VALUE_MIN_USDT = '5';

/** Starting symbols; operators add more in the back office. Start prices only seed the simulation. */
const SYMBOLS: SymbolSeed[] = [
  { symbol: 'BTC/USDT', kind: 'spot', base: 'BTC', startPrice: '65000', volatility: 0.6, priceDecimals: 2, quantityDecimals: 6 },
  { symbol: 'ETH/USDT', kind: 'spot', base: 'ETH', startPrice: '3200', volatility: 0.75, priceDecimals: 2, quantityDecimals: 5 },
  { symbol: 'BNB/USDT', kind: 'spot', base: 'BNB', startPrice: '580', volatility: 0.7, priceDecimals: 2, quantityDecimals: 4 },
  { symbol: 'LTC/USDT', kind: 'spot', base: 'LTC', startPrice: '85', volatility: 0.8, priceDecimals: 2, quantityDecimals: 4 },
  { symbol: 'BTCUSDT', kind: 'futures', startPrice: '65000', volatility: 0.6, priceDecimals: 1, quantityDecimals: 0 },
  { symbol: 'ETHUSDT', kind: 'futures', startPrice: '3200', volatility: 0.75, priceDecimals: 2, quantityDecimals: 0 },
  { symbol: 'AAPL', kind: 'stock', startPrice: '228', volatility: 0.25, priceDecimals: 2, quantityDecimals: 0 },
  { symbol: 'TSLA', kind: 'stock', startPrice: '245', volatility: 0.55, priceDecimals: 2, quantityDecimals: 0 },
  { symbol: 'NVDA', kind: 'stock', startPrice: '135', volatility: 0.5, priceDecimals: 2, quantityDecimals: 0 },
];

/** Idempotent: inserts missing symbols and leaves operator edits alone. */
export async function seedMarkets(db: Db) {
  const coins = await db.select({ id: currencies.id, name: currencies.name }).from(currencies);
  const idOf = (name: string) => coins.find((c) => c.name === name)?.id;
  const usdt = idOf('USDT');
  if (!usdt) return;
  await db.transaction(async (tx) => {
    for (const [index, s] of SYMBOLS.entries()) {
      const baseCurrencyId = s.base ? idOf(s.base) : null;
      if (s.base && !baseCurrencyId) continue;
      const [existing] = await tx.select({ id: marketSymbols.id }).from(marketSymbols).where(eq(marketSymbols.symbol, s.symbol));
      if (existing) continue;
      await tx.insert(marketSymbols).values({
        symbol: s.symbol,
        kind: s.kind,
        baseCurrencyId,
        quoteCurrencyId: usdt,
        startPrice: s.startPrice,
        volatility: s.volatility,
        priceDecimals: s.priceDecimals,
        quantityDecimals: s.quantityDecimals,
        sort: index,
        orderValueMin: s.kind === 'spot' ? SPOT_ORDER_VALUE_MIN_USDT : '0',
      });
    }
  });
}
