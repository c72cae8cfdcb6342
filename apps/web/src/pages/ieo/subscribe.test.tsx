/**
 * Proves the subscription screen: the project's terms with its links opened outside the app, the cost
 * previewed by the server's rule (rounded up), the pay balance, "All" as the most tokens the balance buys
 * within the cap, each rule's message under the field with nothing sent, the confirmation before
 * POST /project/order (with the project's price and coin and an idempotency key), then the records;
 * closed with its reason outside the subscription; a missing id leads to the list, an unknown one says so
 * with a link to it.
 */
import type { IeoProjectView } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDefaultConfig } from '../../antd-startup.ts';
import { ANTD_LOCALES } from '../../i18n/antd-locales.ts';
import { saveToken } from '../../store/store.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { DAY_MS, order, project } from './fixtures.ts';

const mine = (overrides: Partial<IeoProjectView> = {}) => project({ id: 7, my_applied: '0', pay_balance: '1000', ...overrides });

const PROJECT_GONE = 'This project is not available: it may have been taken down.';

function open(answer: IeoProjectView, path = '/pages/ieo/subscribe?id=7') {
  saveToken('a-token');
  const api = fakeOkApi({
    '/project/detail': answer,
    '/project/order': order(),
    '/user/project/order': { data: [order()], total: 1, page: 1, limit: 10 },
    '/project': { data: [answer], total: 1, page: 1, limit: 10 },
  });
  return { api, ...renderApp(path) };
}

const quantity = () => screen.getByLabelText('Quantity (FAIR)') as HTMLInputElement;
const fact = (label: string) => screen.getAllByText(label).find((node) => node.tagName === 'DT')?.nextElementSibling;

async function typeAndSubmit(value: string) {
  fireEvent.change(quantity(), { target: { value } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' })));
}

describe('IEO subscription', () => {
  beforeEach(() => setDefaultConfig({ locale: ANTD_LOCALES.en }));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the project's terms, and its white paper and website open outside the app", async () => {
    const now = Date.now();
    open(mine({ white_paper: 'https://example.com/paper.pdf', website: 'https://example.com', listing_at: null, applied: '2500000', passed: '0', remaining: '7500000', start_at: now - DAY_MS, end_at: now + 2 * DAY_MS }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    expect(fact('Issue price')?.textContent).toBe('0.05 USDT');
    expect(fact('Total issuance')?.textContent).toBe('10000000 FAIR');
    expect(fact('Lock period (days)')?.textContent).toBe('30');
    expect(fact('Subscription cycle (days)')?.textContent).toBe('3');
    expect(fact('Time to market')?.textContent).toBe('To be announced');
    expect(fact('Applied quantity')?.textContent).toBe('2500000 FAIR');
    expect(fact('Passed quantity')?.textContent).toBe('Known after the allocation');
    expect(fact('Remaining')?.textContent).toBe('7500000 FAIR');
    for (const label of ['White paper', 'Website']) {
      const link = within(fact(label) as HTMLElement).getByRole('link', { name: 'Open' });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(fact('White paper') as HTMLElement).getByRole('link').getAttribute('href')).toBe('https://example.com/paper.pdf');
    expect(screen.getByRole('timer').textContent).toMatch(/^Ends in 1d 23:59:5\d$/);
  });

  it('previews 7 x 0.0333333 = 0.233334 USDT (rounded up) and shows the balance with 4 decimals, truncated', async () => {
    open(mine({ price: '0.0333333', pay_balance: '12.345678' }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    fireEvent.change(quantity(), { target: { value: '7' } });
    expect(fact('Cost')?.textContent).toBe('0.233334 USDT');
    expect(fact('Available')?.textContent).toBe('12.3456 USDT');
  });

  it('fills "All" with the most tokens the balance buys (12.345678 / 0.03 = 411.5226 rounded down to 4 decimals) and, with a cap, what the cap leaves', async () => {
    open(mine({ price: '0.03', pay_balance: '12.345678', currency_decimals: 4, amount_max_per_user: null }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(quantity().value).toBe('411.5226');
    expect(fact('Cost')?.textContent).toBe('12.345678 USDT');
  });

  it('fills "All" with the rest of the per-user cap when the balance buys more: 1,000 USDT buys 20,000 but 500 of 1,000 are applied for', async () => {
    open(mine({ amount_max_per_user: '1000', my_applied: '500' }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(quantity().value).toBe('500');
    expect(screen.getByText('Per subscriber: 100 to 1000 FAIR in all (you have 500)')).toBeTruthy();
  });

  it('puts each rule under the field and sends nothing: a wrong number, below the minimum, too fine, over the cap, more than the balance', async () => {
    const { api } = open(mine({ currency_decimals: 2, amount_max_per_user: '30000', pay_balance: '100' }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    const cases: [string, string][] = [
      ['abc', 'Enter a correct quantity'],
      ['99', 'The minimum is 100 FAIR'],
      ['100.001', 'At most 2 decimals for FAIR'],
      ['30000.01', 'You can subscribe for at most 30000 FAIR more'],
      ['2000.01', 'Insufficient balance'],
    ];
    for (const [value, message] of cases) {
      await typeAndSubmit(value);
      expect(screen.getByRole('alert').textContent).toBe(message);
    }
    expect(api.of('/project/order')).toHaveLength(0);
  });

  it('says the payment is frozen in the spot account, and links a transfer into it of exactly what the cost lacks: 2100 x 0.05 = 105 against 100', async () => {
    open(mine({ pay_balance: '100' }));
    expect(await screen.findByText(/The payment is frozen in your spot account until allocation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1');
    fireEvent.change(quantity(), { target: { value: '2100' } });
    expect(screen.getByRole('link', { name: 'Transfer the missing 5 USDT' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1&amount=5');
  });

  it('sends the subscription with the project price and coin after the confirmation, then opens the records', async () => {
    const { api, router } = open(mine());
    await screen.findByText('FairEx Demo Token (FAIR)');
    await typeAndSubmit('1000');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Subscribe to 1000 FAIR for 50 USDT?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' })));
    await vi.waitFor(() => expect(api.of('/project/order')).toHaveLength(1));
    expect(api.of('/project/order')[0]!.params).toMatchObject({ project_id: '7', amount: '1000', pay_currency: '1', price: '0.05' });
    expect(api.of('/project/order')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/ieo/order'));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { api } = open(mine());
    await screen.findByText('FairEx Demo Token (FAIR)');
    await typeAndSubmit('1000');
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(api.of('/project/order')).toHaveLength(0);
  });

  it('is closed in warm-up and after the end, saying why', async () => {
    const now = Date.now();
    open(mine({ state: 'warmup', start_at: now + 3 * DAY_MS, end_at: now + 8 * DAY_MS }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    expect(quantity().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(/^Subscription opens on /);
  });

  it('says the subscription has ended after the end', async () => {
    open(mine({ state: 'ended', allocated: true, passed: '9999000', end_at: Date.now() - DAY_MS }));
    await screen.findByText('FairEx Demo Token (FAIR)');
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('This subscription has ended');
    expect(fact('Passed quantity')?.textContent).toBe('9999000 FAIR');
  });

  it('goes to the list without an id, and says the project is not available, with a link to the list, for a malformed id or one the server does not know', async () => {
    const first = open(mine(), '/pages/ieo/subscribe');
    await vi.waitFor(() => expect(first.router.state.location.pathname).toBe('/pages/ieo/ieo'));
    first.unmount();
    vi.unstubAllGlobals();
    for (const path of ['/pages/ieo/subscribe?id=abc', '/pages/ieo/subscribe?id=-3']) {
      const { unmount } = open(mine(), path);
      expect(await screen.findByText(PROJECT_GONE)).toBeTruthy();
      unmount();
      vi.unstubAllGlobals();
    }
    saveToken('a-token');
    fakeApi({ '/project/detail': { type: 'error', message: 'Not found', code: 'not_found' }, '/project': { type: 'ok', message: { data: [], total: 0, page: 1, limit: 10 } } });
    const { router } = renderApp('/pages/ieo/subscribe?id=99');
    expect(await screen.findByText(PROJECT_GONE)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'See the products on offer' })));
    expect(router.state.location.pathname).toBe('/pages/ieo/ieo');
  });
});
