/**
 * Back office for OTC: merchant applications and standing, the payment methods on offer, every ad (an
 * operator may take one offline), every order with both sides' proof and chat, and the appeals queue
 * where an operator releases the coins to the buyer or returns them to the seller. Every write is in the
 * operator log, in the transaction of the change it describes. No call sets a price or a figure.
 */
import {
  type OtcAdminMessage,
  type OtcAdminMethodRow,
  type OtcAdminOrderDetail,
  type OtcAdminOrderRow,
  type OtcAppealDecideInput,
  type OtcMerchantDecideInput,
  type OtcMerchantStatus,
  type OtcPaymentMethodInput,
  type OtcSettingsInput,
} from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { closeAd, pageAdViews } from './ads.ts';
import { otcSettings, saveOtcSettings } from './settings.ts';
import { decideMerchant } from './merchants.ts';
import { decideAppeal } from './orders.ts';
import {
  appealsOf,
  insertMethod,
  listMethods,
  lockAd,
  lockMethod,
  merchantCounts,
  messagesOf,
  orderById,
  pageMerchants,
  pageOrders,
  updateMethod,
  userNames,
  type Method,
  type OrderFilter,
  type OrderRow,
} from './repository.ts';
import { merchantView, orderFigures } from './views.ts';

/** Chat messages an operator reads with an order at most (the newest). */
export const OTC_ADMIN_MESSAGES_MAX = 500;

const methodRow = (m: Method): OtcAdminMethodRow => ({ id: m.id, kind: m.kind, name: m.name, enabled: m.enabled, sort: m.sort });

export async function searchMerchants(ctx: Pick<AppContext, 'db'>, input: { status?: OtcMerchantStatus; user_id?: number; page: number; limit: number }) {
  const { rows, total } = await pageMerchants(ctx.db, { status: input.status, userId: input.user_id }, input.page, input.limit);
  const counts = await merchantCounts(
    ctx.db,
    rows.map((r) => r.merchant.userId),
  );
  const data = rows.map(({ merchant, account, onlineAds }) => ({
    ...merchantView(merchant, counts.get(merchant.userId)),
    user_id: merchant.userId,
    account,
    status: merchant.status,
    reason: merchant.reason,
    applied_at: merchant.appliedAt,
    decided_at: merchant.decidedAt,
    online_ads: onlineAds,
    demo: merchant.demo,
  }));
  return { data, total, page: input.page, limit: input.limit };
}

export async function decideMerchantApplication(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: OtcMerchantDecideInput) {
  const merchant = await decideMerchant(ctx.db, operator.id, input, ctx.clock(), (tx, decided) =>
    logAction(tx, operator.id, `otc.merchant.${input.decision}`, `otc_merchant:${decided.id}`, { user_id: decided.userId, reason: input.reason }),
  );
  return { id: merchant.id, status: merchant.status, reason: merchant.reason, decided_at: merchant.decidedAt };
}

export async function paymentMethods(ctx: Pick<AppContext, 'db'>) {
  return (await listMethods(ctx.db, false)).map(methodRow);
}

/** Creates an operator's method (kind account), or edits one: a built-in card method keeps its name. */
export async function savePaymentMethod(ctx: Pick<AppContext, 'db'>, operator: Operator, input: OtcPaymentMethodInput) {
  const method = await ctx.db.transaction(async (tx) => {
    let saved: Method;
    if (input.id === undefined) {
      saved = await insertMethod(tx, { kind: 'account', name: input.name, enabled: input.enabled, sort: input.sort });
    } else {
      const found = await lockMethod(tx, input.id);
      if (!found) throw new DomainError('not_found');
      saved = await updateMethod(tx, found.id, { name: found.kind === 'account' ? input.name : found.name, enabled: input.enabled, sort: input.sort });
    }
    await logAction(tx, operator.id, input.id === undefined ? 'otc.method.create' : 'otc.method.update', `otc_method:${saved.id}`, { name: saved.name, enabled: saved.enabled, sort: saved.sort });
    return saved;
  });
  return methodRow(method);
}

export async function searchAds(ctx: Pick<AppContext, 'otc'>, input: { status?: 'online' | 'closed'; user_id?: number; page: number; limit: number }) {
  const page = await pageAdViews(ctx.otc.deps, { status: input.status, userId: input.user_id }, input.page, input.limit, 0);
  return { ...page, data: page.data.map(({ row, view }) => ({ ...view, user_id: row.ad.userId, closed_at: row.ad.closedAt, closed_by: row.ad.closedBy, demo: row.ad.demo })) };
}

/** Takes an online ad offline (a sell ad's remaining coins back to the merchant), logged with the reason. */
export async function closeAdByOperator(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: { id: number; reason: string }) {
  const ad = await ctx.db.transaction(async (tx) => {
    const locked = await lockAd(tx, input.id);
    if (!locked) throw new DomainError('not_found');
    if (locked.status !== 'online') throw new DomainError('otc_ad_unavailable');
    const closed = await closeAd(tx, locked, 'operator', ctx.clock());
    await logAction(tx, operator.id, 'otc.ad.close', `otc_ad:${closed.id}`, { user_id: closed.userId, reason: input.reason, remaining: closed.remaining });
    return closed;
  });
  return { id: ad.id, status: ad.status, closed_at: ad.closedAt, closed_by: ad.closedBy };
}

async function adminRows(ctx: Pick<AppContext, 'db' | 'uploads'>, rows: readonly OrderRow[]): Promise<OtcAdminOrderRow[]> {
  const [names, appeals] = await Promise.all([
    userNames(
      ctx.db,
      rows.flatMap((r) => [r.order.buyerId, r.order.sellerId]),
    ),
    appealsOf(
      ctx.db,
      rows.map((r) => r.order.id),
    ),
  ]);
  return rows.map((row) => ({
    ...orderFigures(row, appeals.get(row.order.id), ctx.uploads),
    buyer: { id: row.order.buyerId, account: names.get(row.order.buyerId)?.account ?? '' },
    seller: { id: row.order.sellerId, account: names.get(row.order.sellerId)?.account ?? '' },
    maker_id: row.order.makerId,
    ad_side: row.order.adSide,
  }));
}

/** Orders by state and user; status `appealed` is the appeals queue, the longest waiting first. */
export async function searchOrders(ctx: Pick<AppContext, 'db' | 'uploads'>, input: OrderFilter & { page: number; limit: number }) {
  const { rows, total } = await pageOrders(ctx.db, { status: input.status, userId: input.userId }, input.page, input.limit);
  return { data: await adminRows(ctx, rows), total, page: input.page, limit: input.limit };
}

/** One order with both sides' messages (oldest first) and the buyer's proof, for deciding an appeal. */
export async function orderDetail(ctx: Pick<AppContext, 'db' | 'uploads'>, id: number): Promise<OtcAdminOrderDetail> {
  const row = await orderById(ctx.db, id);
  if (!row) throw new DomainError('not_found');
  const [order] = await adminRows(ctx, [row]);
  const messages = (await messagesOf(ctx.db, id, undefined, OTC_ADMIN_MESSAGES_MAX)).slice(0, OTC_ADMIN_MESSAGES_MAX).reverse();
  const author = (userId: number | null): OtcAdminMessage['author'] => (userId === null ? 'operator' : userId === row.order.buyerId ? 'buyer' : 'seller');
  return {
    order: order!,
    messages: messages.map((m) => ({ id: String(m.id), author: author(m.userId), body: m.body, image: ctx.uploads.sign(m.image), created_at: m.createdAt })),
  };
}

/** Decides an appeal (release to the buyer or return to the seller), logged in the decision's transaction. */
export async function decideOrderAppeal(ctx: Pick<AppContext, 'db' | 'otc' | 'uploads'>, operator: Operator, input: OtcAppealDecideInput) {
  await decideAppeal(ctx.otc.deps, operator.id, input, (tx, order) =>
    logAction(tx, operator.id, `otc.appeal.${input.decision}`, `otc_order:${order.id}`, { note: input.note, buyer_id: order.buyerId, seller_id: order.sellerId, quantity: order.quantity }),
  );
  return orderDetail(ctx, input.id);
}

/** GET /admin/otc/settings: the release time limit and its bounds. */
export const settingsOf = (ctx: Pick<AppContext, 'db'>) => otcSettings(ctx.db);

/** POST /admin/otc/settings (admins): a new release time limit for orders marked paid from now on, logged with the old one. */
export async function saveSettings(ctx: Pick<AppContext, 'db' | 'otc'>, operator: Operator, input: OtcSettingsInput) {
  await ctx.db.transaction(async (tx) => {
    const before = await otcSettings(tx);
    await saveOtcSettings(tx, input, ctx.otc.options.now());
    await logAction(tx, operator.id, 'otc.settings', 'otc_settings', { release_minutes: input.release_minutes, before: before.release_minutes });
  });
  return otcSettings(ctx.db);
}
