/**
 * Back office for loans: products (created and edited by admins, logged), the lending pool and its reserve
 * (an admin may move the platform's equity into either, logged), loans with their LTV at the index now
 * (open ones riskiest first) and the liquidations with the tick each used. No call writes a loan, a charge
 * or a liquidation: what a loan owes and when it is liquidated follow from the rules and the index alone.
 */
import {
  money,
  toAmountString,
  type Lang,
  type LoanAdminListInput,
  type LoanPoolFundingInput,
  type LoanProductInput,
  type LoanView,
} from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { post, systemAccount } from '../ledger/index.ts';
import { coinById, listCoins } from '../mining/repository.ts';
import {
  collateralsOf,
  insertPoolFunding,
  insertProduct,
  listProducts,
  liquidationsOf,
  lockProduct,
  loanFilter,
  openTotals,
  pageLiquidations,
  pageLoans,
  pageOpenLoansByRisk,
  poolBalances,
  productExposure,
  setCollaterals,
  spotIndexOf,
  updateProduct,
  watchedIndexes,
  type Collateral,
  type LoanProduct,
  type LoanRow,
} from './repository.ts';
import { loanView } from './views.ts';

const productRow = (product: LoanProduct, coin: { name: string }, collaterals: readonly Collateral[], exposure?: { loans: number; principal: string }) => ({
  id: product.id,
  name_en: product.name.en ?? '',
  name_zh: product.name.zh ?? '',
  currency_id: product.currencyId,
  currency: coin.name,
  collateral_currency_ids: collaterals.map((c) => c.coin.id),
  collaterals: collaterals.map((c) => ({ currency_id: c.coin.id, currency: c.coin.name, symbol: c.index.symbol })),
  initial_ltv: toAmountString(product.initialLtv),
  margin_call_ltv: toAmountString(product.marginCallLtv),
  liquidation_ltv: toAmountString(product.liquidationLtv),
  daily_rate: toAmountString(product.dailyRate),
  terms: product.terms,
  amount_min: toAmountString(product.amountMin),
  amount_max: product.amountMax === null ? null : toAmountString(product.amountMax),
  enabled: product.enabled,
  sort: product.sort,
  demo: product.demo,
  open_loans: exposure?.loans ?? 0,
  principal_outstanding: toAmountString(exposure?.principal ?? '0'),
});

/** GET /api/admin/loans: products with their open loans, coins, the pool and its reserve per coin, and what open loans owe and pledge. */
export async function loansOverview(ctx: Pick<AppContext, 'db'>) {
  const [products, exposure, coins, pool, totals] = await Promise.all([
    listProducts(ctx.db, { offered: false }),
    productExposure(ctx.db),
    listCoins(ctx.db),
    poolBalances(ctx.db),
    openTotals(ctx.db),
  ]);
  const collaterals = await collateralsOf(
    ctx.db,
    products.map((p) => p.product.id),
    { accepted: true },
  );
  return {
    products: products.map(({ product, coin }) =>
      productRow(
        product,
        coin,
        collaterals.filter((c) => c.productId === product.id),
        exposure.get(product.id),
      ),
    ),
    coins: coins.map((c) => ({ id: c.id, name: c.name, decimals: c.decimals })),
    pool: pool.map((b) => ({ account: b.system, currency_id: b.currency_id, currency: b.currency, balance: toAmountString(b.balance) })),
    lent: totals.lent.map((t) => ({ currency: t.currency, loans: t.loans, principal: toAmountString(t.principal), interest: toAmountString(t.interest) })),
    pledged: totals.pledged.map((t) => ({ currency: t.currency, collateral: toAmountString(t.collateral) })),
  };
}

const finerThan = (amount: string | undefined, decimals: number) => amount !== undefined && money(amount).decimalPlaces() > decimals;

/**
 * POST /api/admin/loans/products: creates a product (no id) or edits one. Every collateral coin needs the
 * spot index collateral/loan coin (loan_collateral_invalid otherwise); a coin dropped from the list stays
 * on the loans against it. Open loans keep the terms they were borrowed with. Logged with before and after.
 */
export async function saveLoanProduct(ctx: Pick<AppContext, 'db'>, operator: Operator, input: LoanProductInput) {
  const coin = await coinById(ctx.db, input.currency_id);
  if (!coin) throw new DomainError('currency_unavailable');
  if (finerThan(input.amount_min, coin.decimals) || finerThan(input.amount_max, coin.decimals)) throw new DomainError('wrong_number');
  const taken: { currencyId: number; symbolId: number }[] = [];
  for (const currencyId of input.collateral_currency_ids) {
    const index = await spotIndexOf(ctx.db, currencyId, coin.id);
    if (!index) throw new DomainError('loan_collateral_invalid');
    taken.push({ currencyId, symbolId: index.id });
  }
  const figures = {
    currencyId: coin.id,
    initialLtv: input.initial_ltv,
    marginCallLtv: input.margin_call_ltv,
    liquidationLtv: input.liquidation_ltv,
    dailyRate: input.daily_rate,
    terms: [...input.terms].sort((a, b) => a - b),
    amountMin: input.amount_min,
    amountMax: input.amount_max ?? null,
    enabled: input.enabled,
    sort: input.sort,
  };
  const names = (earlier: Record<string, string>) => {
    const { zh: _zh, ...others } = earlier;
    return { ...others, en: input.name_en, ...(input.name_zh ? { zh: input.name_zh } : {}) };
  };
  return ctx.db.transaction(async (tx) => {
    const rowOf = async (product: LoanProduct) => productRow(product, (await coinById(tx, product.currencyId)) ?? coin, await collateralsOf(tx, [product.id], { accepted: true }));
    if (input.id === undefined) {
      const created = await insertProduct(tx, { ...figures, name: names({}) });
      await setCollaterals(tx, created.id, taken);
      const after = await rowOf(created);
      await logAction(tx, operator.id, 'loans.product.create', `loan_product:${created.id}`, { after });
      return after;
    }
    const locked = await lockProduct(tx, input.id);
    if (!locked) throw new DomainError('not_found');
    const before = await rowOf(locked);
    const updated = await updateProduct(tx, locked.id, { ...figures, name: names(locked.name) });
    await setCollaterals(tx, locked.id, taken);
    const after = await rowOf(updated);
    await logAction(tx, operator.id, 'loans.product.edit', `loan_product:${locked.id}`, { before, after });
    return after;
  });
}

/** POST /api/admin/loans/pool: moves equity into the lending pool or its reserve, recorded and logged. */
export async function fundLoanPoolFromEquity(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: LoanPoolFundingInput) {
  const coin = await coinById(ctx.db, input.currency_id);
  if (!coin) throw new DomainError('currency_unavailable');
  if (finerThan(input.amount, coin.decimals)) throw new DomainError('wrong_number');
  return ctx.db.transaction(async (tx) => {
    const funding = await insertPoolFunding(tx, { account: input.account, currencyId: coin.id, amount: input.amount, operatorId: operator.id, createdAt: ctx.clock() });
    await post(tx, {
      kind: 'loan_pool_topup',
      refType: 'loan_pool_funding',
      refId: funding.id,
      legs: [
        { accountId: await systemAccount(tx, 'equity', coin.id), amount: `-${input.amount}` },
        { accountId: await systemAccount(tx, input.account, coin.id), amount: input.amount },
      ],
    });
    const detail = { account: input.account, currency: coin.name, amount: toAmountString(input.amount) };
    await logAction(tx, operator.id, 'loans.pool.fund', `loan_pool_funding:${funding.id}`, detail);
    return { id: funding.id, ...detail, created_at: funding.createdAt };
  });
}

type AdminLoanView = LoanView & { user_id: number };

/** The views of loans for operators: each with its owner. */
async function adminViews(ctx: Pick<AppContext, 'clock' | 'db' | 'loans'>, rows: LoanRow[], lang: Lang): Promise<AdminLoanView[]> {
  const now = ctx.clock();
  const liquidations = await liquidationsOf(
    ctx.db,
    rows.map((r) => r.loan.id),
  );
  return rows.map((row) => ({ ...loanView(row, lang, now, (symbol) => ctx.loans.freshTick(symbol, now), liquidations.get(row.loan.id)), user_id: row.loan.userId }));
}

/** GET /api/admin/loans/loans: open loans (the default) riskiest first by LTV at the index now, or ended ones newest first; optionally one user's. */
export async function searchLoans(ctx: Pick<AppContext, 'clock' | 'db' | 'loans'>, lang: Lang, input: LoanAdminListInput) {
  const status = input.status ?? 'open';
  const now = ctx.clock();
  const page =
    status === 'open'
      ? await pageOpenLoansByRisk(
          ctx.db,
          (await watchedIndexes(ctx.db)).flatMap((index) => {
            const tick = ctx.loans.freshTick(index.symbol, now);
            return tick ? [{ symbolId: index.id, price: tick.price }] : [];
          }),
          input.user_id,
          input.page,
          input.limit,
        )
      : await pageLoans(ctx.db, loanFilter({ userId: input.user_id, status }), input.page, input.limit);
  return { data: await adminViews(ctx, page.rows, lang), total: page.total, page: input.page, limit: input.limit };
}

/** GET /api/admin/loans/liquidations: newest first, each with its loan, owner and the tick it used. */
export async function searchLiquidations(ctx: Pick<AppContext, 'clock' | 'db'>, lang: Lang, input: { page: number; limit: number }) {
  const { rows, total } = await pageLiquidations(ctx.db, input.page, input.limit);
  const now = ctx.clock();
  return {
    data: rows.map((row) => ({ ...loanView(row, lang, now, () => undefined, row.liquidation), user_id: row.loan.userId })),
    total,
    page: input.page,
    limit: input.limit,
  };
}
