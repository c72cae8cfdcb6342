/**
 * Copy trading on a development start (production seeds none and runs no demo trading): three demo
 * traders and two demo followers, visible users marked demo that can log in (password demo123456), their
 * contract accounts funded through the ledger (a demo deposit), the traders approved and the followers
 * following them. The traders then really trade: a recurring job opens and closes their futures positions
 * through the contract service the /lever/* calls use, so their statistics, follower copies and skips come
 * from real positions and results follow the index. The job's choices (when, which symbol, side and size)
 * are drawn from MARKET_SEED; it never touches a price or a result. Operators switch it off under *Copy
 * trading* (demo_trading). A second seed adds nothing.
 */
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import type { Db, Tx } from '../db/client.ts';
import { openUserAccounts } from '../ledger/index.ts';
import { demoDeposit } from '../site/demo.ts';
import type { ContractService } from '../contracts/service.ts';
import { randomSource } from '../markets/random.ts';
import { coinByName } from '../mining/repository.ts';
import { copySettings, decideTrader, demoTraderCount, demoTraderIds, insertFollow, openOwnPositions, saveApplication } from './repository.ts';
import type { CopyService } from './service.ts';

export const COPY_DEMO_PASSWORD = 'demo123456';
/** The demo traders (nickname, contract funds in USDT) and followers (whom they follow, and how). */
export const COPY_DEMO_TRADERS = [
  { account: 'trader-alpha@fairex.local', nickname: 'Alpha demo', funds: '20000' },
  { account: 'trader-breeze@fairex.local', nickname: 'Breeze demo', funds: '15000' },
  { account: 'trader-cobalt@fairex.local', nickname: 'Cobalt demo', funds: '10000' },
];
const COPY_DEMO_FOLLOWERS = [
  { account: 'follower-one@fairex.local', nickname: 'Follower demo', funds: '5000', follows: [{ trader: 0, type: 'multiple' as const, number: '1' }, { trader: 1, type: 'lots' as const, number: '2' }] },
  { account: 'follower-two@fairex.local', nickname: 'Copier demo', funds: '800', follows: [{ trader: 0, type: 'multiple' as const, number: '0.5' }, { trader: 2, type: 'multiple' as const, number: '2' }] },
];
/** How often the demo traders consider a move, and how long they keep a position at least and at most. */
export const DEMO_TRADING_EVERY_MS = 20_000;
const HOLD_MS_MIN = 60_000;
const HOLD_MS_MAX = 6 * 60_000;
/** The chance that a trader without a position opens one in a round. */
const OPEN_CHANCE = 0.35;
/** The futures symbols they trade. */
const DEMO_SYMBOLS = ['BTCUSDT', 'ETHUSDT'];

async function demoUser(tx: Tx, account: string, nickname: string, funds: string, currencyId: number, passwordHash: string, code: string) {
  const user = await insertUser(tx, { account, email: account, nickname, passwordHash, extensionCode: code });
  await openUserAccounts(tx, user.id);
  await demoDeposit(tx, { userId: user.id, currencyId, kind: 'contract', amount: funds, memo: 'demo copy-trading funds', scope: 'copy' });
  return user.id;
}

export async function seedCopyDemo(db: Db, now: number) {
  if ((await demoTraderCount(db)) > 0) return;
  const usdt = await coinByName(db, 'USDT');
  if (!usdt) return;
  const passwordHash = await hashPassword(COPY_DEMO_PASSWORD);
  const at = new Date(now);
  const { profit_share_rate } = await copySettings(db);
  await db.transaction(async (tx) => {
    const traders: number[] = [];
    for (const [i, t] of COPY_DEMO_TRADERS.entries()) {
      const id = await demoUser(tx, t.account, t.nickname, t.funds, usdt.id, passwordHash, `DEMOCPT${i + 1}`);
      await saveApplication(tx, id, 'en', at, true);
      await decideTrader(tx, id, 'approved', null, null, at);
      traders.push(id);
    }
    for (const [i, f] of COPY_DEMO_FOLLOWERS.entries()) {
      const id = await demoUser(tx, f.account, f.nickname, f.funds, usdt.id, passwordHash, `DEMOCPF${i + 1}`);
      for (const follow of f.follows) {
        await insertFollow(tx, { followerId: id, traderId: traders[follow.trader]!, type: follow.type, number: follow.number, shareRate: profit_share_rate, demo: true }, at);
      }
    }
  });
}

/**
 * One round of the demo traders' own trading: each trader without an open position may open one (about
 * one round in three), and one holding a position past its drawn holding time closes it. Orders go
 * through ContractService.submit and close, as /lever/submit and /lever/close do.
 */
export class DemoTraders {
  private rounds = 0;

  constructor(
    private readonly db: Db,
    private readonly contracts: ContractService,
    private readonly copy: CopyService,
    private readonly seed: number | undefined,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** One round, awaited (tests). */
  async round() {
    if (!(await copySettings(this.db)).demo_trading) return;
    const traders = await demoTraderIds(this.db);
    const random = randomSource(this.seed === undefined ? undefined : this.seed + ++this.rounds * 7919);
    for (const { user_id: userId } of traders) {
      const open = await openOwnPositions(this.db, userId);
      for (const p of open) {
        // Each position's holding time is drawn from its id: between one and six minutes.
        const holdMs = HOLD_MS_MIN + (((p.id * 2654435761) >>> 0) % 1000) / 1000 * (HOLD_MS_MAX - HOLD_MS_MIN);
        if (this.now() - p.opened_at >= holdMs) await this.contracts.close(userId, p.id).catch(this.onError);
      }
      if (open.length > 0 || random() > OPEN_CHANCE) continue;
      const symbol = this.contracts.symbolByName(DEMO_SYMBOLS[Math.floor(random() * DEMO_SYMBOLS.length)]!);
      if (!symbol || !this.contracts.isOpenNow(symbol)) continue;
      const multiples = symbol.settings.multiples.filter((m) => m <= 20);
      await this.contracts
        .submit(userId, {
          currency_id: symbol.id,
          legal_id: symbol.currencyId,
          share: Math.max(symbol.settings.lotsMin, 1 + Math.floor(random() * 3)),
          multiple: multiples[Math.floor(random() * multiples.length)] ?? symbol.settings.multiples[0]!,
          type: random() < 0.5 ? 'long' : 'short',
          status: 'market',
        })
        .catch(this.onError);
    }
    await this.copy.settled();
  }
}
