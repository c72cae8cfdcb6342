/**
 * Back office for IEO: projects (created and edited by admins, every write logged in its transaction),
 * new token coins for them to sell, the orders with their allocation results (read-only), and the
 * ieo_sale balances. A project's figures and times can change only before its start: once users can
 * subscribe, only its switch, description and links may, so no edit can change what a subscription
 * gets. There is no call that writes an order or an allocation (test/ieo/back-office.test.ts).
 */
import { cmp, toAmountString, type IeoProjectInput, type IeoTokenInput, type WealthAdminListInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import type { Tx } from '../db/client.ts';
import { fitsDecimals } from '../funds/rules.ts';
import { DomainError } from '../http/errors.ts';
import { wealthSystemBalances } from '../wealth/repository.ts';
import {
  allCoins,
  coinById,
  findProject,
  insertProject,
  insertTokenCoin,
  lockProject,
  orderCounts,
  orderFilter,
  pageOrders,
  pageProjects,
  updateProject,
  type IeoProject,
} from './repository.ts';
import type { ieoProjects } from './tables.ts';
import { orderView, projectView } from './views.ts';

/** GET /api/admin/ieo: the coins a project may sell or take, and what ieo_sale holds per coin. */
export async function ieoOverview(ctx: Pick<AppContext, 'clock' | 'db'>) {
  const [coins, balances] = await Promise.all([allCoins(ctx.db), wealthSystemBalances(ctx.db)]);
  return {
    now: ctx.clock(),
    coins,
    sale_balances: balances.filter((b) => b.system === 'ieo_sale').map((b) => ({ currency: b.currency, balance: toAmountString(b.balance) })),
  };
}

/** GET /api/admin/ieo/projects: every project (enabled or not) in the users' order, with order counts. */
export async function pageAdminProjects(ctx: Pick<AppContext, 'clock' | 'db'>, input: { page: number; limit: number }) {
  const now = ctx.clock();
  const { rows, total } = await pageProjects(ctx.db, { now, page: input.page, limit: input.limit, enabledOnly: false });
  const counts = await orderCounts(ctx.db, rows.map((r) => r.project.id));
  return {
    data: rows.map((row) => ({
      ...projectView(row, now),
      enabled: row.project.enabled,
      demo: row.project.demo,
      allocated_at: row.project.allocatedAt,
      orders: counts.get(row.project.id)?.orders ?? 0,
      pending_orders: counts.get(row.project.id)?.pending ?? 0,
    })),
    total,
    page: input.page,
    limit: input.limit,
  };
}

/** GET /api/admin/ieo/orders: subscriptions with their allocation results, newest first. */
export async function pageAdminOrders(ctx: Pick<AppContext, 'clock' | 'db'>, input: WealthAdminListInput) {
  const { rows, total } = await pageOrders(ctx.db, orderFilter({ userId: input.user_id, projectId: input.product_id }), input.page, input.limit);
  const now = ctx.clock();
  return {
    data: rows.map((row) => ({
      ...orderView(row, now),
      user_id: row.userId,
      account: row.account,
      allocated_at: row.order.allocatedAt,
      released_at: row.order.releasedAt,
    })),
    total,
    page: input.page,
    limit: input.limit,
  };
}

type ProjectValues = Omit<typeof ieoProjects.$inferInsert, 'id'>;

/** The input's columns; amounts in their stored form. */
const valuesOf = (input: IeoProjectInput): ProjectValues => ({
  name: input.name,
  description: input.description,
  currencyId: input.currency_id,
  payCurrencyId: input.pay_currency_id,
  price: toAmountString(input.price),
  totalIssuance: toAmountString(input.total_issuance),
  amountMin: toAmountString(input.amount_min),
  amountMaxPerUser: input.amount_max_per_user === undefined ? null : toAmountString(input.amount_max_per_user),
  whitePaper: input.white_paper,
  website: input.website,
  lockDays: input.lock_days,
  startAt: input.start_at,
  endAt: input.end_at,
  listingAt: input.listing_at ?? null,
  enabled: input.enabled,
});

const sameAmount = (a: string | null, b: string | null) => (a === null || b === null ? a === b : cmp(a, b) === 0);

/** Whether the edit keeps everything a subscription depends on (all but the switch, description and links). */
function keepsTerms(before: IeoProject, after: ProjectValues): boolean {
  return (
    before.name === after.name &&
    before.currencyId === after.currencyId &&
    before.payCurrencyId === after.payCurrencyId &&
    sameAmount(before.price, after.price) &&
    sameAmount(before.totalIssuance, after.totalIssuance) &&
    sameAmount(before.amountMin, after.amountMin) &&
    sameAmount(before.amountMaxPerUser, after.amountMaxPerUser ?? null) &&
    before.lockDays === after.lockDays &&
    before.startAt === after.startAt &&
    before.endAt === after.endAt &&
    before.listingAt === (after.listingAt ?? null)
  );
}

/** The token's figures must be whole multiples of its unit, and the per-user cap at least the minimum. */
async function checkFigures(tx: Tx, values: ProjectValues) {
  const [token, pay] = await Promise.all([coinById(tx, values.currencyId), coinById(tx, values.payCurrencyId)]);
  if (!token || !pay) throw new DomainError('not_found');
  const amounts = [values.totalIssuance, values.amountMin, values.amountMaxPerUser].filter((a): a is string => typeof a === 'string');
  if (amounts.some((a) => !fitsDecimals(a, token.decimals))) throw new DomainError('wrong_number');
  if (values.amountMaxPerUser && cmp(values.amountMaxPerUser, values.amountMin) < 0) throw new DomainError('wrong_number');
}

/** POST /api/admin/ieo/projects: creates (no id) or edits a project; logged with before and after. */
export async function saveProject(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: IeoProjectInput) {
  const values = valuesOf(input);
  const id = await ctx.db.transaction(async (tx) => {
    // Read under the project's lock, the one subscriptions take: an edit and a subscription never interleave.
    const now = ctx.clock();
    if (input.id === undefined) {
      await checkFigures(tx, values);
      if (values.endAt <= now) throw new DomainError('wealth_times_invalid');
      const row = await insertProject(tx, values);
      await logAction(tx, operator.id, 'ieo.project.create', `ieo_project:${row.id}`, { after: input });
      return row.id;
    }
    const before = await lockProject(tx, input.id);
    if (!before) throw new DomainError('not_found');
    if (now >= before.startAt) {
      if (!keepsTerms(before, values)) throw new DomainError('ieo_project_started');
      await updateProject(tx, before.id, { enabled: values.enabled, description: values.description, whitePaper: values.whitePaper, website: values.website });
    } else {
      await checkFigures(tx, values);
      if (values.endAt <= now) throw new DomainError('wealth_times_invalid');
      await updateProject(tx, before.id, values);
    }
    await logAction(tx, operator.id, 'ieo.project.edit', `ieo_project:${before.id}`, { before, after: input });
    return before.id;
  });
  const row = await findProject(ctx.db, id);
  return projectView(row!, ctx.clock());
}

/** POST /api/admin/ieo/tokens: a new token coin (no networks: it cannot be deposited or withdrawn); logged. */
export async function createToken(ctx: Pick<AppContext, 'db'>, operator: Operator, input: IeoTokenInput) {
  return ctx.db.transaction(async (tx) => {
    const coin = await insertTokenCoin(tx, { name: input.name, fullName: input.full_name, decimals: input.decimals, referencePriceUsdt: toAmountString(input.reference_price) });
    if (!coin) throw new DomainError('symbol_exists');
    await logAction(tx, operator.id, 'ieo.token.create', `currency:${coin.id}`, { after: input });
    return { id: coin.id, name: coin.name, full_name: coin.fullName, decimals: coin.decimals, enabled: coin.enabled };
  });
}
