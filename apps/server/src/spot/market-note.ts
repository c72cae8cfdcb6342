/**
 * What the market page says about who quotes the spot books (GET /coin/market_maker): the platform's
 * market-maker account, named as the back office names it, and, on a development start, the demo
 * traders whose orders fill against it. The demo traders are listed only while they exist and their
 * job is on, so production (which seeds none) and a switched-off demo say nothing about them.
 */
import type { SpotMarketMakerView } from '@fairex/contract';
import { inArray } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import type { Executor } from '../db/client.ts';
import { SPOT_DEMO_TRADERS, spotDemoTradingEnabled } from './demo.ts';
import { MARKET_MAKER_ACCOUNT } from './market-maker.ts';

export async function marketMakerView(db: Executor): Promise<SpotMarketMakerView> {
  if (!(await spotDemoTradingEnabled(db))) return { account: MARKET_MAKER_ACCOUNT, demo_traders: [] };
  const accounts = SPOT_DEMO_TRADERS.map((t) => t.account);
  const rows = await db.select({ account: users.account, nickname: users.nickname }).from(users).where(inArray(users.account, accounts));
  // Seed order, each by the nickname the users table holds (the name a demo trader shows elsewhere).
  const demoTraders = accounts.flatMap((account) => {
    const row = rows.find((r) => r.account === account);
    return row ? [row.nickname || account] : [];
  });
  return { account: MARKET_MAKER_ACCOUNT, demo_traders: demoTraders };
}
