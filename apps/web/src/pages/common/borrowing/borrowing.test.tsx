/**
 * Proves the borrowing screen on a fake API: the product's figures, the borrow form's live preview by the
 * contract's loan rules (the LTV the loan opens at, day 1's interest included, a day's interest, the most
 * one may borrow so that it never opens above the initial LTV, the trigger prices) and its problems under
 * the fields without a call, the borrowing sent with an idempotency key only after a confirmation; my
 * loans with the LTV, the margin-call alert, repayment (interest first in the confirmation) and a top-up
 * from the spot balance shown beside it and checked against it; an ended loan's liquidation; the history.
 */
import type { LoanEventView, LoanProductView, LoanView } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../../realtime/socket.ts';
import { saveToken } from '../../../store/store.ts';
import { fakeOkApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CommonBorrowingPage } from '../borrowing.tsx';

function product(overrides: Partial<LoanProductView> = {}): LoanProductView {
  return {
    demo: false,
    id: 3,
    name: 'USDT loan against BTC or ETH',
    currency_id: 1,
    currency: 'USDT',
    decimals: 6,
    balance: '10',
    collaterals: [
      { currency_id: 2, currency: 'BTC', decimals: 8, symbol: 'BTC/USDT', price_decimals: 2, price: '60000', price_at: 1, balance: '1.5' },
      { currency_id: 3, currency: 'ETH', decimals: 8, symbol: 'ETH/USDT', price_decimals: 2, price: '3000', price_at: 1, balance: '0' },
    ],
    initial_ltv: '0.65',
    margin_call_ltv: '0.75',
    liquidation_ltv: '0.85',
    daily_rate: '0.0005',
    overdue_rate: '0.0015',
    terms: [0, 7],
    amount_min: '100',
    amount_max: '500000',
    pool_available: '5000000',
    ...overrides,
  };
}

function loan(overrides: Partial<LoanView> = {}): LoanView {
  return {
    demo: false,
    id: '12',
    product_id: 3,
    name: 'USDT loan against BTC or ETH',
    currency_id: 1,
    currency: 'USDT',
    decimals: 6,
    collateral_currency_id: 2,
    collateral_currency: 'BTC',
    collateral_decimals: 8,
    symbol: 'BTC/USDT',
    borrowed: '30000',
    principal: '30000',
    interest_outstanding: '15',
    interest_charged: '15',
    interest_paid: '0',
    debt: '30015',
    collateral: '1',
    daily_rate: '0.0005',
    overdue_rate: '0.0015',
    initial_ltv: '0.65',
    margin_call_ltv: '0.75',
    liquidation_ltv: '0.85',
    term_days: 0,
    borrowed_at: Date.parse('2026-11-23T10:00:00Z'),
    due_at: null,
    overdue_liquidation_at: null,
    overdue: false,
    days_charged: 1,
    next_charge_at: Date.parse('2026-11-24T10:00:00Z'),
    price: '60000',
    ltv: '0.50025',
    margin_call_price: '40020',
    liquidation_price: '35311.76',
    margin_called_at: null,
    status: 'open',
    ended_at: null,
    liquidation: null,
    ...overrides,
  };
}

const page = <T,>(data: T[]) => ({ data, total: data.length, page: 1, limit: 10 });

function open(tab = 'borrow', answers: Record<string, unknown> = {}) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/loan/products': [product()],
    '/loan/borrow': loan(),
    '/loan/orders': (params: Record<string, string>) => page(params.status === 'ended' ? [] : [loan()]),
    '/loan/repay': loan({ interest_outstanding: '0', principal: '29915' }),
    '/loan/add_collateral': loan({ collateral: '1.5' }),
    '/loan/history': page<LoanEventView>([]),
    ...answers,
  });
  const { router } = renderRoutes([{ path: '/pages/common/borrowing', Component: CommonBorrowingPage }], `/pages/common/borrowing?tab=${tab}`);
  return { api, router };
}

const figure = (label: string, scope: HTMLElement = document.body) => within(scope).getByText(label).nextElementSibling?.textContent;
const type = async (label: string, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the borrowing screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it("shows the product's rate, LTV levels, limits and the pool", async () => {
    open();
    await screen.findByLabelText('Collateral (BTC)');
    expect(figure('Daily interest')).toBe('0.05%');
    expect(figure('Initial LTV')).toBe('65%');
    expect(figure('Margin call LTV')).toBe('75%');
    expect(figure('Liquidation LTV')).toBe('85%');
    expect(figure('Loan amount')).toBe('100 to 500000 USDT');
    expect(figure('BTC/USDT index')).toBe('60000');
  });

  it('shows the Demo badge on a demo product, and none on an operator\'s (fairness review 8)', async () => {
    open('borrow', { '/loan/products': [product({ id: 3, name: 'Demo loan', demo: true }), product({ id: 4, name: 'Operator loan' })] });
    expect(within(await screen.findByRole('region', { name: 'Demo loan' })).queryAllByText('Demo')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Operator loan' })).queryByText('Demo')).toBeNull();
  });

  it('previews 30,000 USDT against 1 BTC at 60,000: LTV 30,015 / 60,000, 15 a day, margin call at 40,020; Max stays within 65 %', async () => {
    open();
    await type('Collateral (BTC)', '1');
    await type('Borrow (USDT)', '30000');
    // The loan opens owing day 1's interest too: 30,015 / 60,000 = 50.025 %, shown rounded up.
    expect(figure('LTV')).toBe('50.03%');
    expect(figure("A day's interest")).toBe('15 USDT');
    // 39,000 / 1.0005 rounded down: with its day's 19.490255 the debt is 39,000, exactly 65 %.
    expect(figure('Most you can borrow')).toBe('38980.509745 USDT');
    expect(figure('Margin call at')).toBe('40020 USDT');
    expect(figure('Liquidation at')).toBe('35311.76 USDT');
    await press('Max');
    expect(((await screen.findByLabelText('Borrow (USDT)')) as HTMLInputElement).value).toBe('38980.509745');
    expect(figure('LTV')).toBe('65%');
  });

  it('moves the LTV and the most one may borrow with the index ticker, in its room', async () => {
    const socket = fakeSocket();
    open();
    await type('Collateral (BTC)', '1');
    await type('Borrow (USDT)', '30000');
    expect(figure('LTV')).toBe('50.03%');
    expect(socket.rooms()).toContain('ticker:BTC/USDT');
    socket.serverSends('ticker', { symbol: 'BTC/USDT', price: '40000', time: 2 });
    await vi.waitFor(() => expect(figure('LTV')).toBe('75.04%'));
    expect(figure('BTC/USDT index')).toBe('40000');
    expect(figure('Most you can borrow')).toBe('25987.006496 USDT');
  });

  it('shows the problems under the fields and sends nothing: beyond the balance, beyond the initial LTV, below the minimum', async () => {
    const { api } = open();
    await type('Collateral (BTC)', '2');
    await type('Borrow (USDT)', '50');
    await press('Borrow now');
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Insufficient balance', 'The minimum is 100 USDT']);
    await type('Collateral (BTC)', '1');
    await type('Borrow (USDT)', '38980.509746');
    await press('Borrow now');
    expect(screen.getByRole('alert').textContent).toBe('Above the initial LTV: borrow at most 38980.509745 USDT or pledge more');
    expect(api.of('/loan/borrow')).toHaveLength(0);
  });

  it('says the collateral is locked in the spot account and the loan paid into it, and links a transfer of the collateral the balance lacks', async () => {
    open();
    await screen.findByLabelText('Collateral (BTC)');
    expect(screen.getByText(/The collateral is locked in your spot account and the loan is paid into it/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=2');
    await type('Collateral (BTC)', '2');
    expect(screen.getByRole('link', { name: 'Transfer the missing 0.5 BTC' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=2&amount=0.5');
  });

  it('borrows after a confirmation naming collateral, amount, term and the first day, with an idempotency key, then shows my loans', async () => {
    const { api, router } = open();
    await type('Collateral (BTC)', '1');
    await type('Borrow (USDT)', '30000');
    await press('Borrow now');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Pledge 1 BTC and borrow 30000 USDT (Flexible) at 0.05% a day? The first day's interest, 15 USDT, is charged now.");
    expect(api.of('/loan/borrow')).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=loans'));
    expect(api.of('/loan/borrow')[0]!.params).toMatchObject({ product_id: '3', collateral_currency_id: '2', collateral: '1', amount: '30000', term_days: '0' });
    expect(api.of('/loan/borrow')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists an open loan with its LTV and margin call, and repays after a confirmation that splits interest and principal', async () => {
    const { api } = open('loans', { '/loan/orders': page([loan({ margin_called_at: 1, price: '52000', ltv: '0.577' })]) });
    const card = await screen.findByRole('article', { name: 'Loan #12' });
    expect(within(card).getByRole('alert').textContent).toBe('Margin call: add collateral or repay');
    expect(figure('Debt', card)).toBe('30015 USDT');
    // 30,015 / 52,000 = 57.7211...%, rounded up: a shown risk is never below the real one.
    expect(figure('LTV', card)).toBe('57.73%');
    await press('Repay');
    await type('Repayment (USDT)', '100');
    await act(async () => fireEvent.click(within(within(card).getByRole('form', { name: 'Repay' })).getByRole('button', { name: 'Repay' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Repay 100 USDT? Pays 15 USDT of interest and 85 USDT of principal.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/loan/repay')).toHaveLength(1));
    expect(api.of('/loan/repay')[0]!.params).toMatchObject({ id: '12', amount: '100' });
  });

  it('refuses a repayment above the debt under the field, and tops up collateral after a confirmation with the new LTV', async () => {
    const { api } = open('loans');
    const card = await screen.findByRole('article', { name: 'Loan #12' });
    await press('Repay');
    await type('Repayment (USDT)', '30015.01');
    await act(async () => fireEvent.click(within(within(card).getByRole('form', { name: 'Repay' })).getByRole('button', { name: 'Repay' })));
    expect(within(card).getByRole('alert').textContent).toBe('The debt is 30015 USDT');
    expect(api.of('/loan/repay')).toHaveLength(0);
    await press('Add collateral');
    // The top-up comes from the spot balance (1.5 BTC): shown, "All" fills it, and more is refused before asking.
    const addForm = within(card).getByRole('form', { name: 'Add collateral' });
    await vi.waitFor(() => expect(figure('Available', addForm)).toBe('1.5 BTC'));
    await type('Collateral to add (BTC)', '10');
    await act(async () => fireEvent.click(within(addForm).getByRole('button', { name: 'Add collateral' })));
    expect(within(addForm).getByRole('alert').textContent).toBe('Insufficient balance');
    // Said to lock in the spot account, whose transfer link asks for what the top-up lacks.
    expect(within(addForm).getByText(/Added collateral is locked in your spot account/)).toBeTruthy();
    expect(within(addForm).getByRole('link', { name: 'Transfer the missing 8.5 BTC' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=2&amount=8.5');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => fireEvent.click(within(addForm).getByRole('button', { name: 'All' })));
    expect((within(addForm).getByLabelText('Collateral to add (BTC)') as HTMLInputElement).value).toBe('1.5');
    await type('Collateral to add (BTC)', '0.5');
    await act(async () => fireEvent.click(within(within(card).getByRole('form', { name: 'Add collateral' })).getByRole('button', { name: 'Add collateral' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Add 0.5 BTC to this loan's collateral? The LTV becomes 33.35%.");
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/loan/add_collateral')).toHaveLength(1));
  });

  it("shows an ended loan's liquidation: why, the index, what was sold and returned", async () => {
    const liquidated = loan({
      status: 'liquidated',
      principal: '0',
      debt: '0',
      ended_at: 2,
      liquidation: {
        reason: 'ltv',
        tick_id: '9',
        price: '45000',
        ltv: '0.8671',
        principal: '39000',
        interest: '19.5',
        debt: '39019.5',
        collateral: '1',
        collateral_sold: '0.8671',
        collateral_returned: '0.1329',
        proceeds: '39019.5',
        shortfall: '0',
        reserve_covered: '0',
        liquidated_at: 2,
      },
    });
    open('loans', { '/loan/orders': (params: Record<string, string>) => page(params.status === 'ended' ? [liquidated] : []) });
    expect(await screen.findByText('No open loans')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Ended' })));
    const card = await screen.findByRole('article', { name: 'Loan #12' });
    expect(within(card).getByText('Liquidated')).toBeTruthy();
    expect(figure('Collateral sold', card)).toBe('0.8671 BTC');
    expect(figure('Collateral returned', card)).toBe('0.1329 BTC');
    expect(within(card).queryByRole('button', { name: 'Repay' })).toBeNull();
  });

  it('lists the history newest first with each step', async () => {
    const events: LoanEventView[] = [
      { id: '3', loan_id: '12', kind: 'repay', currency: 'USDT', collateral_currency: 'BTC', amount: '100', interest: '15', principal: '85', collateral: null, price: null, ltv: null, created_at: 3 },
      { id: '1', loan_id: '12', kind: 'borrow', currency: 'USDT', collateral_currency: 'BTC', amount: '30000', interest: null, principal: null, collateral: '1', price: '60000', ltv: '0.5', created_at: 1 },
    ];
    open('history', { '/loan/history': page(events) });
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Repaid', 'Borrowed']);
    expect(figure('Interest paid', within(list).getAllByRole('article')[0]!)).toBe('15 USDT');
    expect(figure('Repayment', within(list).getAllByRole('article')[0]!)).toBe('100 USDT');
    expect(figure('Borrow', within(list).getAllByRole('article')[1]!)).toBe('30000 USDT');
  });
});
