// Proves the wealth products end to end in chromium against a server of their own whose clock the
// journey moves (TEST_CLOCK, never on in development or production), so a day's interest, a settlement
// and an allocation are seen without waiting: the demo user opens the finance tab, locks USDT in lock-up
// mining, sees the first day's interest once the day has ended, and redeems early with the penalty shown
// before confirming; buys a dual-investment product and sees it settle on its recorded index tick; and
// subscribes to an IEO and sees its allocation. Figures on screen are the API's, and the ledger audit
// holds after each.
import type { MiningOrderView, DualOrderView, DualProductView, IeoOrderView, IeoProjectView, MiningProductView } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoToken } from '../support/api.ts';
import { openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { expectLedgerAudited, userApi } from '../support/funds.ts';
import { SLOW, settled } from '../support/pages.ts';
import { moveClock, operatorLogin, startServer, type RunningServer } from '../support/server.ts';

const browser = sharedBrowser();
let server: RunningServer;
let token: string;
let operator: string;

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK: '1' });
  token = await demoToken(server.baseUrl);
  operator = await operatorLogin(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const api = <T>(path: string, data: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'POST') => userApi<T>(server.baseUrl, path, { token, data, method });
type Paged<T> = { data: T[]; total: number };

const clock = (advanceMs?: number) => moveClock(server.baseUrl, advanceMs);

const expectAuditOk = () => expectLedgerAudited(server.baseUrl, operator);

const phone = (route: string) => openPhoneAs(browser(), server.baseUrl, token, route);

/** A figure of a label/value list: the value beside its label. */
const figure = (page: Page, scope: string, label: string) => page.locator(scope).locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd').innerText();

describe('wealth products', () => {
  it('shows every product on the finance tab, locks USDT in mining, pays the first day once it ends, and redeems early with the penalty shown first', async () => {
    const { page, close, errors } = await phone('/pages/financial/index');
    await settled(page, 'finance tab');
    for (const name of ['Lock-up mining', 'Structured products', 'IEO']) await page.getByRole('list', { name }).waitFor(SLOW);
    await screenshot(page, 'finance-tab');

    // The spec's example product: USDT locked 5 days at 0.3 %-0.4 % a day.
    const products = await api<MiningProductView[]>('/lh/deposit/config', {}, 'GET');
    const product = products.find((p) => p.currency === 'USDT' && p.term_days === 5)!;
    await page.goto(`/#/pages/lockming/buy?id=${product.id}`);
    await page.getByLabel('Amount', { exact: true }).fill('1000');
    await page.getByRole('button', { name: 'Lock now' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain(`Lock 1000 USDT in ${product.name} for 5 days?`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.url(), SLOW).toContain('/pages/lockming/order');

    const [order] = (await api<Paged<MiningOrderView>>('/lh/deposit/order', { status: 1 }, 'GET')).data;
    expect(order).toMatchObject({ amount: '1000', days_paid: 0, interest_paid: '0', status: 'active' });
    const card = `article[aria-label="${product.name}"]`;
    await expect.poll(() => figure(page, card, 'Days paid'), SLOW).toBe('0 / 5');

    // The deposit day ends: its interest is paid at that day's published rate, once.
    await clock(order!.next_payout_at! - (await clock()) + 60_000);
    await expect.poll(async () => (await api<Paged<MiningOrderView>>('/lh/deposit/order', { status: 1 }, 'GET')).data[0]!.days_paid, { timeout: 30_000 }).toBe(1);
    const paid = (await api<Paged<MiningOrderView>>('/lh/deposit/order', { status: 1 }, 'GET')).data[0]!;
    const payout = paid.payouts[0]!;
    expect(Number(payout.amount)).toBeCloseTo(1000 * Number(payout.rate), 6);
    expect(Number(payout.rate)).toBeGreaterThanOrEqual(Number(product.daily_yield_min));
    expect(Number(payout.rate)).toBeLessThanOrEqual(Number(product.daily_yield_max));
    await page.reload();
    await expect.poll(() => figure(page, card, 'Days paid'), SLOW).toBe('1 / 5');
    expect(await figure(page, card, 'Interest paid')).toBe(`${paid.interest_paid} USDT`);
    await screenshot(page, 'mining-order');

    // Early redemption: the penalty the server will take is in the prompt before anything moves.
    await page.getByRole('button', { name: 'Redeem early' }).click();
    const redeem = page.getByRole('dialog');
    await expect.poll(() => redeem.innerText()).toContain(`costs a penalty of ${paid.redeem_penalty} USDT`);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(async () => (await api<Paged<MiningOrderView>>('/lh/deposit/order', { status: 2 }, 'GET')).data[0]?.status, SLOW).toBe('redeemed');
    const ended = (await api<Paged<MiningOrderView>>('/lh/deposit/order', { status: 2 }, 'GET')).data[0]!;
    expect(ended.penalty).toBe(paid.redeem_penalty);
    expect(errors).toEqual([]);
    await close();
    await expectAuditOk();
  });

  it('buys a dual-investment product and sees it settle at 16:00 on its recorded index tick', async () => {
    const listed = await api<DualProductView[]>('/dual/index', { type: 'call' }, 'GET');
    // A BTC call, the soonest to settle: the demo user holds BTC.
    const product = listed.filter((p) => p.on_sale && p.currency === 'BTC').sort((a, b) => a.settle_at - b.settle_at)[0]!;
    const { page, close, errors } = await phone(`/pages/invest/purchase?id=${product.id}`);
    await page.getByRole('button', { name: 'Buy now' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Buy now' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain(`Buy 1 share for ${product.per_price} ${product.invest_currency}?`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.url(), SLOW).toContain('/pages/invest/mine');
    const [bought] = (await api<Paged<DualOrderView>>('/dual/dual_list')).data;
    expect(bought).toMatchObject({ product_id: product.id, num: 1, amount: product.per_price, status: 'purchased' });

    // Up to two seconds before 16:00, then the clock runs on: the feed records ticks across 16:00 and the
    // job pays by the rule on the fresh tick in force at 16:00. (A jump over 16:00 would leave no fresh
    // tick in force then, and the product would be void and refunded: index-freshness.ts.)
    await clock(product.settle_at - (await clock()) - 2_000);
    await expect.poll(async () => (await api<Paged<DualOrderView>>('/dual/dual_list')).data[0]!.status, { timeout: 45_000 }).toBe('success');
    const settledOrder = (await api<Paged<DualOrderView>>('/dual/dual_list')).data[0]!;
    expect(settledOrder.settle_tick!.time).toBeLessThanOrEqual(product.settle_at);
    expect(settledOrder.settle_tick!.time).toBeGreaterThan(product.settle_at - 3_000);
    const below = Number(settledOrder.settle_tick!.price) < Number(product.linked_price);
    expect(settledOrder.payout_currency).toBe(below ? product.currency : product.quote_currency);
    await page.reload();
    const card = page.getByRole('article').first();
    await expect.poll(() => card.innerText(), SLOW).toContain('Completed');
    expect(await card.innerText()).toContain(`tick #${settledOrder.settle_tick!.id}`);
    await screenshot(page, 'dual-settled');
    expect(errors).toEqual([]);
    await close();
    await expectAuditOk();
  });

  it('subscribes to an IEO, and sees the allocation once the subscription ends', async () => {
    const projects = await api<Paged<IeoProjectView>>('/project', {}, 'GET');
    const project = projects.data.find((p) => p.state === 'in_progress')!;
    const { page, close, errors } = await phone(`/pages/ieo/subscribe?id=${project.id}`);
    const amount = page.getByLabel(`Quantity (${project.currency})`);
    await amount.waitFor(SLOW);
    await amount.fill('2000');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    const cost = String(2000 * Number(project.price));
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain(`Subscribe to 2000 ${project.currency} for ${cost} ${project.pay_currency}?`);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.url(), SLOW).toContain('/pages/ieo/order');
    const [subscription] = (await api<Paged<IeoOrderView>>('/user/project/order', {}, 'GET')).data;
    expect(subscription).toMatchObject({ project_id: project.id, amount: '2000', paid: cost, status: 'pending' });

    // The subscription ends: the supply covers it, so all 2,000 pass, locked for the project's lock period.
    await clock(project.end_at - (await clock()) + 60_000);
    await expect.poll(async () => (await api<Paged<IeoOrderView>>('/user/project/order', {}, 'GET')).data[0]!.status, { timeout: 30_000 }).not.toBe('pending');
    const allocated = (await api<Paged<IeoOrderView>>('/user/project/order', {}, 'GET')).data[0]!;
    expect(allocated).toMatchObject({ allocated: '2000', charged: cost, refunded: '0', status: project.lock_days > 0 ? 'allocated' : 'released' });
    await page.reload();
    await expect.poll(() => page.locator('#root').innerText(), SLOW).toContain('Allocated');
    await screenshot(page, 'ieo-allocated');
    expect(errors).toEqual([]);
    await close();
    await expectAuditOk();
  });
});
