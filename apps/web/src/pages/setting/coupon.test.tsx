/**
 * Proves the coupon screen: the coupon centre with each batch's value, what is left, validity, who may
 * claim, the per-user limit and the claim end, claiming (refused on screen when not eligible or at the
 * limit); my coupons by status; a fee discount applied only after a confirmation, then shown in use with
 * its remaining value and the promise of refunds within seconds of each fill; an experience coupon's trial
 * option (symbol, duration, up or down, fee waived, the profit previewed by the contract's rule) sent with
 * the coupon after a confirmation; a used one linking to the options; and "load more".
 */
import type { CouponOfferView, CouponView } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quotation } from '../../components/market/fake-server.ts';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { CouponPage } from './coupon.tsx';

const offer = (overrides: Partial<CouponOfferView> = {}): CouponOfferView => ({
  demo: false,
  id: 3,
  kind: 'fee_discount',
  name: 'Spot fee discount 10 USDT',
  currency_id: 1,
  currency: 'USDT',
  value: '10',
  eligibility: 'all',
  valid_days: 30,
  quantity: 100,
  left: 42,
  per_user_limit: 1,
  claimed_by_me: 0,
  eligible: true,
  claim_ends_at: Date.parse('2026-12-31T00:00:00Z'),
  ...overrides,
});

const coupon = (overrides: Partial<CouponView> = {}): CouponView => ({
  demo: false,
  id: 21,
  batch_id: 3,
  kind: 'fee_discount',
  name: 'Spot fee discount 10 USDT',
  currency_id: 1,
  currency: 'USDT',
  value: '10',
  remaining: '10',
  status: 'available',
  claimed_at: Date.parse('2026-11-24T10:00:00Z'),
  expires_at: Date.parse('2026-12-24T10:00:00Z'),
  activated_at: null,
  used_at: null,
  option_order_id: null,
  option_outcome: null,
  option_profit: null,
  ...overrides,
});

const page = <T,>(data: T[], total = data.length, n = 1) => ({ data, total, page: n, limit: 10 });
const at = (iso: string) => new Date(Date.parse(iso)).toLocaleString('en');

function open(answers: Record<string, unknown> = {}) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/coupon/centre': [],
    '/coupon/mine': () => page([]),
    '/coupon/claim': coupon(),
    '/coupon/use': coupon({ status: 'active', activated_at: Date.now() }),
    '/currency/quotation_new': [quotation({ id: 1, symbol: 'BTC/USDT', price: '65001.2' }), quotation({ id: 2, symbol: 'ETH/USDT', price: '3000' })],
    '/microtrade/seconds': [
      { seconds: 30, payout_ratio: '0.8', stake_min: '10', stake_max: '10000', fee_rate: '0.001' },
      { seconds: 60, payout_ratio: '0.85', stake_min: '10', stake_max: '20000', fee_rate: '0.001' },
      { seconds: 300, payout_ratio: '0.88', stake_min: '100', stake_max: '20000', fee_rate: '0.001' },
    ],
    '/microtrade/payable_currencies': [{ id: 1, name: 'USDT', decimals: 6, balance: '0' }],
    '/microtrade/submit': { id: '77' },
    ...answers,
  });
  renderRoutes([{ path: '/pages/setting/coupon', Component: CouponPage }], '/pages/setting/coupon');
  return api;
}

const value = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;

async function myCoupons() {
  await act(async () => fireEvent.click(await screen.findByRole('tab', { name: 'My coupons' })));
}

describe('coupon centre', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a batch with its value, what is left, validity, who may claim, the per-user limit and the claim end, and claims it', async () => {
    const api = open({ '/coupon/centre': [offer()] });
    const card = await screen.findByRole('article', { name: 'Spot fee discount 10 USDT' });
    expect(card.textContent).toContain('10 USDT');
    expect(card.textContent).toContain('fees refunded within seconds of each fill');
    expect(value(card, 'Left')).toBe('42 of 100');
    expect(value(card, 'Valid')).toBe('30 days after claiming');
    expect(value(card, 'For')).toBe('Everyone');
    expect(value(card, 'Per user')).toBe('0 / 1');
    expect(value(card, 'Claim by')).toBe(at('2026-12-31T00:00:00Z'));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Claim' })));
    await vi.waitFor(() => expect(api.of('/coupon/claim')).toHaveLength(1));
    expect(api.of('/coupon/claim')[0]!.params).toMatchObject({ batch_id: '3' });
    expect(await screen.findByText('Coupon claimed')).toBeTruthy();
  });

  it('shows the Demo badge on a demo batch\'s card and none on an operator\'s (fairness review 8)', async () => {
    open({ '/coupon/centre': [offer({ id: 3, name: 'Demo batch', demo: true }), offer({ id: 4, name: 'Operator batch' })] });
    expect(within(await screen.findByRole('article', { name: 'Demo batch' })).queryByText('Demo')).not.toBeNull();
    expect(within(screen.getByRole('article', { name: 'Operator batch' })).queryByText('Demo')).toBeNull();
  });

  it('shows the Demo badge on a coupon claimed from a demo batch (fairness review 8)', async () => {
    open({ '/coupon/mine': () => page([coupon({ id: 21, name: 'Demo coupon', demo: true }), coupon({ id: 22, name: 'Operator coupon' })]) });
    await myCoupons();
    expect(within(await screen.findByRole('article', { name: 'Demo coupon' })).queryByText('Demo')).not.toBeNull();
    expect(within(screen.getByRole('article', { name: 'Operator coupon' })).queryByText('Demo')).toBeNull();
  });

  it('offers no claim to a user not eligible or at the per-user limit', async () => {
    open({
      '/coupon/centre': [offer({ id: 4, name: 'For invited users', eligibility: 'invited', eligible: false }), offer({ id: 5, name: 'One each', claimed_by_me: 1 })],
    });
    const invited = await screen.findByRole('article', { name: 'For invited users' });
    expect((within(invited).getByRole('button', { name: 'Not eligible' }) as HTMLButtonElement).disabled).toBe(true);
    expect(value(invited, 'For')).toBe('Users who signed up with an invite');
    const done = screen.getByRole('article', { name: 'One each' });
    expect((within(done).getByRole('button', { name: 'Claimed' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when nothing can be claimed', async () => {
    open();
    expect(await screen.findByText('No coupons to claim right now')).toBeTruthy();
  });
});

describe('my coupons', () => {
  // A fixed clock: what happened shows relative to it (spec section 9), what is to come (expiry) stays a date and time.
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-25T11:20:00Z'), toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('applies a fee discount only after a confirmation, then shows it in use with what is left', async () => {
    let applied = false;
    const api = open({
      '/coupon/mine': () => page([applied ? coupon({ status: 'active', remaining: '8.7', activated_at: Date.parse('2026-11-25T10:00:00Z') }) : coupon()]),
      '/coupon/use': () => {
        applied = true;
        return coupon({ status: 'active' });
      },
    });
    await myCoupons();
    const card = await screen.findByRole('article', { name: 'Spot fee discount 10 USDT' });
    expect(value(card, 'Remaining')).toBe('10 USDT');
    expect(value(card, 'Claimed')).toBe('1 day ago');
    expect(value(card, 'Expires')).toBe(at('2026-12-24T10:00:00Z'));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Use' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`From now on, your spot trading fees in USDT are refunded from this coupon until its 10 USDT are used up or it expires on ${at('2026-12-24T10:00:00Z')}.`);
    expect(api.of('/coupon/use')).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' })));
    await vi.waitFor(() => expect(api.of('/coupon/use')).toHaveLength(1));
    expect(api.of('/coupon/use')[0]!.params).toMatchObject({ id: '21' });
    await vi.waitFor(() => expect(screen.getByText('In use')).toBeTruthy());
    const active = screen.getByRole('article', { name: 'Spot fee discount 10 USDT' });
    expect(value(active, 'Remaining')).toBe('8.7 USDT');
    expect(value(active, 'Applied')).toBe('1 hour ago');
    expect(active.textContent).toContain('In use: fees refunded within seconds of each fill.');
    expect(within(active).queryByRole('button', { name: 'Use' })).toBeNull();
  });

  it('sends nothing when the confirmation is declined', async () => {
    const api = open({ '/coupon/mine': () => page([coupon()]) });
    await myCoupons();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Use' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' })));
    expect(api.of('/coupon/use')).toHaveLength(0);
  });

  it('places an experience coupon\'s trial option: the durations that take its value, fee waived, profit 10 x 0.85 = 8.5, sent with the coupon after a confirmation', async () => {
    const trial = coupon({ id: 22, kind: 'experience', name: 'Options experience coupon 10 USDT' });
    const api = open({ '/coupon/mine': () => page([trial]) });
    await myCoupons();
    const card = await screen.findByRole('article', { name: 'Options experience coupon 10 USDT' });
    expect(within(card).queryByText('Remaining')).toBeNull();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Use' })));
    const form = await within(card).findByRole('group', { name: 'Trial option' });
    // 300 s takes stakes from 100: not offered for a 10 USDT coupon.
    const durations = within(form).getByRole('group', { name: 'Duration' });
    expect(within(durations).getAllByRole('button').map((b) => b.textContent)).toEqual(['30 s · 80%', '60 s · 85%']);
    await act(async () => fireEvent.click(within(durations).getByRole('button', { name: '60 s · 85%' })));
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: '2' } });
    expect(value(form, 'Stake')).toBe('10 USDT');
    expect(value(form, 'Fee')).toBe('Waived');
    expect(value(form, 'Profit if it wins')).toBe('8.5 USDT');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Buy down' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Place a trial option on ETH/USDT going down for 60 s, staked with this coupon's 10 USDT?");
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/microtrade/submit')).toHaveLength(1));
    expect(api.of('/microtrade/submit')[0]!.params).toMatchObject({ match_id: '2', currency_id: '1', type: '2', seconds: '60', number: '10', coupon_id: '22' });
    expect(api.of('/microtrade/submit')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('Trial option placed')).toBeTruthy();
  });

  it('says so when no duration takes the coupon\'s value', async () => {
    open({ '/coupon/mine': () => page([coupon({ kind: 'experience', name: 'Big trial', value: '50000' })]) });
    await myCoupons();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Use' })));
    expect(await screen.findByText('No option duration takes a stake of 50000 USDT at the moment')).toBeTruthy();
  });

  it('shows used and expired coupons by tab, a used trial with its result and a link to the options, and loads more', async () => {
    const used = coupon({ id: 23, kind: 'experience', name: 'Used trial', status: 'used', remaining: '0', used_at: Date.parse('2026-11-25T11:00:00Z'), option_order_id: '77', option_outcome: 'win', option_profit: '8' });
    const api = open({
      '/coupon/mine': (p: Record<string, string>) =>
        p.status === 'used' ? (p.page === '2' ? page([coupon({ id: 24, name: 'Older', status: 'used', remaining: '0' })], 11, 2) : page([used], 11)) : page([]),
    });
    await myCoupons();
    expect(await screen.findByText('No coupons available')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Used' })));
    const card = await screen.findByRole('article', { name: 'Used trial' });
    expect(value(card, 'Used up')).toBe('20 minutes ago');
    expect(value(card, 'Trial result')).toBe('Won 8 USDT, paid to your options account');
    expect(within(card).getByRole('link', { name: 'Trial option #77 · See my options' }).getAttribute('href')).toBe('/pages/transaction/seconds_order');
    expect(within(card).queryByRole('button', { name: 'Use' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByRole('article', { name: 'Older' })).toBeTruthy();
    expect(api.of('/coupon/mine').filter((c) => c.params.status === 'used').map((c) => c.params.page)).toEqual(['1', '2']);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Expired' })));
    expect(await screen.findByText('No expired coupons')).toBeTruthy();
  });
});
