/**
 * The public index ticks (GET /api/index/tick and /index/ticks, no login) and the chain check the
 * history rows offer: the ticks from an open tick to a close tick are fetched in pages and every hash
 * recomputed here in the browser with the contract's chain rule (tick-chain.ts), so the check does not
 * take the server's word for it.
 */
import type { HashedTick, IndexTicksAnswer } from '@fairex/contract';
import { firstBrokenLink, INDEX_TICKS_PAGE_MAX } from '@fairex/contract/rules';
import { get } from './client.ts';

/** Pages one check reads at most (a one-day option spans about 87 pages). */
export const TICK_CHECK_PAGES_MAX = 100;

export type TickCheck = 'verified' | 'not_verified';

/** Whether every tick from `openId` to `closeId` of one symbol is stored, linked and unchanged. */
export async function checkTickChain(openId: string, closeId: string): Promise<TickCheck> {
  const [open] = (await get<IndexTicksAnswer>('/index/tick', { id: openId }, true)).data;
  const [close] = (await get<IndexTicksAnswer>('/index/tick', { id: closeId }, true)).data;
  if (!open || !close || open.symbol !== close.symbol) return 'not_verified';
  const chain: IndexTicksAnswer['data'] = [];
  let after = (BigInt(openId) - 1n).toString();
  for (let page = 0; page < TICK_CHECK_PAGES_MAX; page++) {
    const answer = await get<IndexTicksAnswer>('/index/ticks', { symbol: open.symbol, after_id: after, to_id: closeId, limit: INDEX_TICKS_PAGE_MAX }, true);
    chain.push(...answer.data);
    if (!answer.more || answer.data.length === 0) break;
    after = answer.data.at(-1)!.id;
  }
  const linked = chain.every((t) => t.hash !== null && t.prev_hash !== null);
  const ends = chain[0]?.id === openId && chain.at(-1)?.id === closeId;
  return linked && ends && firstBrokenLink(chain as HashedTick[]) < 0 ? 'verified' : 'not_verified';
}
