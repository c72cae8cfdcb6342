/** Assets (per-kind balances with USDT values), one account's detail, the bills, and moves between kinds. */
import {
  ACCOUNT_KIND_IDS,
  ACCOUNT_KINDS,
  accountFieldOf,
  add,
  isZero,
  money,
  sum,
  toAmountString,
  type AccountKind,
  type RateCurrencyAnswer,
} from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { accountKey } from '../contracts/accounts.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import { accountsOf, transfer, userAccount, type AccountRow } from '../ledger/index.ts';
import { listKeptFiatRates } from '../site/repository.ts';
import { priceUsdt } from './prices.ts';
import { allCoins, findAnyCoin, findCoin, insertAccountTransfer, pageAccountTransfers, pageBills, type Coin } from './repository.ts';
import { fitsDecimals } from './rules.ts';

/** Bills and transfer history page by the spec's 10. */
export const FUNDS_PAGE_SIZE = 10;

const ZERO = { balance: '0', available: '0', frozen: '0', locked: '0' };

/** What open contract positions hold in one margin coin: the margin they took, and their unrealised P&L at the latest marks. */
type PositionsHeld = { margin: string; profit: string };
const NOTHING_HELD: PositionsHeld = { margin: '0', profit: '0' };

/**
 * A coin's figures in one account. A position's margin leaves the contract account for the
 * contract_margins system account while it is open, yet it is still the user's: the balance (and the
 * value) counts it, so the total asset value does not drop when a position opens. The unrealised P&L
 * is shown apart and counted nowhere, as it is not the user's until the position closes.
 */
function figuresOf(
  ctx: Pick<AppContext, 'markets'>,
  coin: Coin,
  row: Pick<AccountRow, 'balance' | 'available' | 'frozen' | 'locked'> | undefined,
  held: PositionsHeld = NOTHING_HELD,
) {
  const figures = row ? { balance: row.balance, available: row.available, frozen: row.frozen, locked: row.locked } : ZERO;
  const balance = add(figures.balance, held.margin);
  const price = priceUsdt(ctx, coin);
  return {
    currency_id: coin.id,
    currency: coin.name,
    logo: coin.logo,
    decimals: coin.decimals,
    ...figures,
    balance,
    margin: held.margin,
    profit: held.profit,
    price_usdt: price,
    usdt_value: toAmountString(money(balance).times(price)),
  };
}

/**
 * The coins the user's asset screens list: every enabled coin, and a disabled one while the user still
 * holds some of it (a coin switched off must not hide money from its owner).
 */
async function coinsAndAccountsOf(db: Executor, userId: number) {
  const [coins, rows] = await Promise.all([allCoins(db), accountsOf(db, userId)]);
  const held = new Set(rows.filter((r) => !isZero(r.balance)).map((r) => r.currency_id));
  return { coins: coins.filter((coin) => coin.enabled || held.has(coin.id)), rows };
}

/**
 * The coins, the user's accounts and what their open contract positions hold per margin coin, read in
 * one snapshot: a position opening between two reads would otherwise count its margin twice or not at all.
 * A coin held only as margin is listed too.
 */
function assetsOf(ctx: Pick<AppContext, 'contracts' | 'db'>, userId: number) {
  return ctx.db.transaction(
    async (tx) => {
      const [coins, rows] = await Promise.all([allCoins(tx), accountsOf(tx, userId)]);
      const contractAccounts = rows.filter((r) => r.kind === 'contract').map((r) => ({ userId, currencyId: r.currency_id }));
      const summaries = contractAccounts.length === 0 ? new Map() : await ctx.contracts.summaries(tx, contractAccounts);
      const positions = new Map<number, PositionsHeld>(
        contractAccounts.flatMap(({ currencyId }) => {
          const summary = summaries.get(accountKey(userId, currencyId));
          return summary ? [[currencyId, { margin: summary.margin_total, profit: summary.profit_total }] as const] : [];
        }),
      );
      const held = new Set([
        ...rows.filter((r) => !isZero(r.balance)).map((r) => r.currency_id),
        ...[...positions].filter(([, p]) => !isZero(p.margin)).map(([currencyId]) => currencyId),
      ]);
      return { coins: coins.filter((coin) => coin.enabled || held.has(coin.id)), rows, positions };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** What open positions hold of this coin in this account kind (only the contract account has positions). */
const heldIn = (positions: Map<number, PositionsHeld>, kind: AccountKind, currencyId: number) =>
  kind === 'contract' ? positions.get(currencyId) : undefined;

/** POST /wallet/list: every account kind with its coins, figures and USDT values, and the grand total. */
export async function walletList(ctx: Pick<AppContext, 'contracts' | 'db' | 'markets'>, userId: number) {
  const { coins, rows, positions } = await assetsOf(ctx, userId);
  const kinds = ACCOUNT_KINDS.map((kind) => {
    const balance = coins.map((coin) =>
      figuresOf(ctx, coin, rows.find((r) => r.kind === kind && r.currency_id === coin.id), heldIn(positions, kind, coin.id)),
    );
    return { kind, field: accountFieldOf(kind), id: ACCOUNT_KIND_IDS[kind], total_usdt: sum(balance.map((b) => b.usdt_value)), balance };
  });
  return { total_usdt: sum(kinds.map((k) => k.total_usdt)), accounts: kinds };
}

async function enabledCoin(db: Executor, id: number) {
  const coin = await findCoin(db, id);
  if (!coin) throw new DomainError('currency_unavailable');
  return coin;
}

/** POST /wallet/detail: one coin in one account kind; a disabled coin while the user holds some of it. */
export async function walletDetail(ctx: Pick<AppContext, 'contracts' | 'db' | 'markets'>, userId: number, currencyId: number, kind: AccountKind) {
  const { coins, rows, positions } = await assetsOf(ctx, userId);
  const coin = coins.find((c) => c.id === currencyId);
  if (!coin) throw new DomainError('currency_unavailable');
  const row = rows.find((r) => r.kind === kind && r.currency_id === coin.id);
  return { kind, field: accountFieldOf(kind), ...figuresOf(ctx, coin, row, heldIn(positions, kind, coin.id)) };
}

/**
 * GET /currency/user_currency_list: the coins with the user's available amount in each account kind
 * (the bills' and records' filters); `enabled` false marks a disabled coin the user still holds.
 */
export async function userCurrencyList(ctx: Pick<AppContext, 'db'>, userId: number) {
  const { coins, rows } = await coinsAndAccountsOf(ctx.db, userId);
  return coins.map((coin) => ({
    id: coin.id,
    name: coin.name,
    logo: coin.logo,
    decimals: coin.decimals,
    enabled: coin.enabled,
    available: Object.fromEntries(
      ACCOUNT_KINDS.map((kind) => [accountFieldOf(kind), rows.find((r) => r.kind === kind && r.currency_id === coin.id)?.available ?? '0']),
    ),
  }));
}

/** POST /wallet/legal_log. */
export const bills = (ctx: Pick<AppContext, 'db'>, userId: number, input: { currency?: number; type?: AccountKind; page: number }) =>
  pageBills(ctx.db, userId, { currencyId: input.currency, kind: input.type, page: input.page, limit: FUNDS_PAGE_SIZE });

/** POST /wallet/change: available to available between two kinds of one coin; refused when short. */
export async function transferBetweenKinds(
  ctx: Pick<AppContext, 'contracts' | 'db'>,
  userId: number,
  input: { currency_id: number; number: string; from_field: AccountKind; to_field: AccountKind },
  transact: Transact = plainTransact(ctx.db),
) {
  const coin = await enabledCoin(ctx.db, input.currency_id);
  if (!fitsDecimals(input.number, coin.decimals)) throw new DomainError('wrong_number');
  const answer = await transact(async (tx) => {
    // Out of the contract account only what open positions leave free (contracts/service.ts).
    if (input.from_field === 'contract') await ctx.contracts.checkTransferOut(tx, userId, coin.id, input.number);
    const from = await userAccount(tx, userId, coin.id, input.from_field);
    const to = await userAccount(tx, userId, coin.id, input.to_field);
    const row = await insertAccountTransfer(tx, { userId, currencyId: coin.id, fromKind: input.from_field, toKind: input.to_field, number: input.number });
    await transfer(tx, from, to, input.number, { kind: 'account_transfer', refType: 'account_transfer', refId: row.id });
    return { id: row.id };
  });
  // The contract account's balance moved: its liquidation trigger follows at once.
  if (input.from_field === 'contract' || input.to_field === 'contract') await ctx.contracts.accountChanged(userId, coin.id);
  return answer;
}

/** GET /wallet/hzhistory. */
export const transferHistory = (ctx: Pick<AppContext, 'db'>, userId: number, page: number) =>
  pageAccountTransfers(ctx.db, userId, { page, limit: FUNDS_PAGE_SIZE });

/** GET /wallet/getRateCurrency: the coin's index price in USDT, and in each kept fiat currency (USDT taken at 1 USD). */
export async function rateOfCurrency(ctx: Pick<AppContext, 'db' | 'markets'>, id: number): Promise<RateCurrencyAnswer> {
  // Any coin, enabled or not: a disabled coin a user still holds is valued the same way.
  const coin = await findAnyCoin(ctx.db, id);
  if (!coin) throw new DomainError('not_found');
  const price = priceUsdt(ctx, coin);
  const rates = await listKeptFiatRates(ctx.db);
  return {
    id: coin.id,
    name: coin.name,
    price_usdt: price,
    rates: rates.map((r) => ({ currency_code: r.currencyCode, rate: toAmountString(r.rate), price: toAmountString(money(price).times(r.rate)) })),
  };
}
