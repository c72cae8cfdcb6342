/**
 * Proves the back office's Copy trading screen against a faked /api/admin: it lists pending applications
 * and sends each decision as POST /copy/traders/decide takes it (a reason required to reject or revoke),
 * shows decisions to admins and reviewers only, lists follows and skipped copies, and saves the settings
 * (admins only; the others read them).
 */
import { COPY_LOTS_LIMIT, COPY_PROFIT_SHARE_MAX, COPY_RATIO_LIMIT, COPY_REASON_LENGTH_MAX, COPY_TRADERS_PER_FOLLOWER_LIMIT, type CopyFollowAdminView, type CopySettingsView, type CopySkipAdminView, type CopyTraderAdminView, type TraderStatsView } from '@fairex/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage, type ApiCall } from '../test/render-page.tsx';
import { COPY_FORM_LIMITS, CopyPage, copyLoader } from './copy.tsx';
import type { Role } from '../api.ts';

const APPLIED_AT = Date.UTC(2026, 0, 2, 8, 0);
const PENDING: CopyTraderAdminView = {
  user_id: 42,
  account: 'ann@example.com',
  name: 'Ann',
  status: 'pending',
  agreement: 'en',
  reason: null,
  demo: false,
  applied_at: APPLIED_AT,
  decided_at: null,
  decided_by: null,
  stats: null,
};
const STATS: TraderStatsView = {
  total_profit: '80',
  total_return: '8.00',
  accuracy: '66.67',
  profitable_orders: 2,
  long_wins: 1,
  short_wins: 1,
  total_orders: 3,
  yesterday_trades: 1,
  current_positions: 1,
  followers: 4,
  computed_at: APPLIED_AT,
  first_trade_at: APPLIED_AT,
};
const APPROVED: CopyTraderAdminView = { ...PENDING, user_id: 43, account: 'bob@example.com', name: 'Bob', status: 'approved', demo: true, decided_at: APPLIED_AT, decided_by: 'admin-one', stats: STATS };
const SETTINGS: CopySettingsView = { traders_per_follower_max: 5, ratio_max: '10', lots_max: 100, profit_share_rate: '0', demo_trading: true, updated_at: null };
const FOLLOW: CopyFollowAdminView = {
  id: 7,
  follower_user_id: 50,
  follower_account: 'cat@example.com',
  trader_user_id: 43,
  trader_name: 'Bob',
  type: 'multiple',
  number: '1.5',
  status: 'following',
  profit_share_rate: '0.1',
  created_at: APPLIED_AT,
  updated_at: APPLIED_AT,
  cancelled_at: null,
  follow_amount: '250',
  open_copies: 1,
  closed_copies: 2,
  self_held: 0,
  earnings: '-12.5',
  profit_share_paid: '3',
  skipped: 1,
};
const SKIPS: CopySkipAdminView[] = [
  { id: 1, follower_user_id: 50, follower_account: 'cat@example.com', trader_user_id: 43, trader_name: 'Bob', symbol: 'BTC/USDT', side: 'long', trader_lots: 3, reason: 'lots_below_minimum', created_at: APPLIED_AT },
  { id: 2, follower_user_id: 51, follower_account: 'dan@example.com', trader_user_id: 43, trader_name: 'Bob', symbol: 'ETH/USDT', side: 'short', trader_lots: 1, reason: 'insufficient_balance', created_at: APPLIED_AT },
];

const pageOf = <T,>(data: T[]) => ok({ data, total: data.length, page: 1, limit: 10 });
const tradersByStatus = (call: ApiCall) => pageOf([PENDING, APPROVED].filter((row) => call.query.status === 'all' || row.status === call.query.status));

function fake() {
  return fakeAdminApi({
    'GET /copy/traders': tradersByStatus,
    'POST /copy/traders/decide': (call) => ok({ ...PENDING, status: call.body?.decision === 'approve' ? 'approved' : 'rejected' }),
    'GET /copy/follows': () => pageOf([FOLLOW]),
    'GET /copy/skips': () => pageOf(SKIPS),
    'GET /copy/settings': ok(SETTINGS),
    'POST /copy/settings': (call) => ok({ ...SETTINGS, ...call.body, updated_at: APPLIED_AT }),
  });
}

const show = (url: string, role: Role = 'admin') => renderPage({ path: 'copy', url, loader: copyLoader, Component: CopyPage, role });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

describe('copy trading back office', () => {
  it('lists a pending application and sends the approve decision once confirmed', async () => {
    const api = fake();
    show('/copy');

    await screen.findByRole('link', { name: /ann@example\.com/ });
    expect(api.of('GET', '/copy/traders')[0]?.query).toMatchObject({ status: 'pending', page: '1' });
    const row = screen.getByRole('row', { name: /ann@example\.com/ });
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('English')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /bob@example\.com/ })).toBeNull();

    await click(screen.getByRole('button', { name: 'Approve Ann' }));
    expect(await screen.findByText(/Approve Ann \(ann@example\.com\) as a trader\?/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.of('POST', '/copy/traders/decide')).toHaveLength(1));
    expect(api.of('POST', '/copy/traders/decide')[0]?.body).toEqual({ user_id: 42, decision: 'approve', reason: '', lang: 'en' });
    expect(await screen.findByText('Decision saved')).toBeTruthy();
    // The list is read again, so the row shows its new status.
    await waitFor(() => expect(api.of('GET', '/copy/traders').length).toBeGreaterThan(1));
  });

  it('refuses to reject without a reason, then sends the reason', async () => {
    const api = fake();
    show('/copy');

    await click(await screen.findByRole('button', { name: 'Reject Ann' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject the application of Ann')).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Write the reason')).toBeTruthy();
    expect(api.of('POST', '/copy/traders/decide')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Too few closed positions  ' } });
    await click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(api.of('POST', '/copy/traders/decide')).toHaveLength(1));
    expect(api.of('POST', '/copy/traders/decide')[0]?.body).toMatchObject({ user_id: 42, decision: 'reject', reason: 'Too few closed positions' });
  });

  it('shows an approved trader\'s statistics and revokes them with a reason', async () => {
    const api = fake();
    show('/copy?status=approved');

    await screen.findByRole('link', { name: /bob@example\.com/ });
    expect(api.of('GET', '/copy/traders')[0]?.query.status).toBe('approved');
    expect(screen.getByText('80')).toBeTruthy();
    expect(screen.getByText('8.00%')).toBeTruthy();
    expect(screen.getByText('66.67%')).toBeTruthy();
    expect(screen.getByText('Demo trader')).toBeTruthy();
    expect(screen.getByText('by admin-one')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follows of Bob' }).textContent).toBe('4');

    await click(screen.getByRole('button', { name: 'Revoke Bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Their follows end at once; copies already open stay linked/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Broke the agreement' } });
    await click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(api.of('POST', '/copy/traders/decide')).toHaveLength(1));
    expect(api.of('POST', '/copy/traders/decide')[0]?.body).toMatchObject({ user_id: 43, decision: 'revoke', reason: 'Broke the agreement' });
  });

  it('shows no decision to support, who only read', async () => {
    fake();
    show('/copy?status=all', 'support');

    await screen.findByRole('link', { name: /ann@example\.com/ });
    expect(screen.queryByRole('button', { name: 'Approve Ann' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Ann' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke Bob' })).toBeNull();
  });

  it('lists the follows of one trader when their followers figure is followed', async () => {
    const api = fake();
    show('/copy?status=approved');

    await click(await screen.findByRole('button', { name: 'Follows of Bob' }));
    await screen.findByRole('link', { name: /cat@example\.com/ });
    expect(api.of('GET', '/copy/follows')[0]?.query).toMatchObject({ status: 'all', trader_user_id: '43', page: '1' });
    expect(screen.getByText('Fixed multiple')).toBeTruthy();
    expect(screen.getByText('1.5×')).toBeTruthy();
    expect(screen.getByText('10%')).toBeTruthy();
    expect(screen.getByText('-12.5')).toBeTruthy();
    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect((screen.getByLabelText('Trader user ID') as HTMLInputElement).value).toBe('43');
  });

  it('lists skipped copies with their reason', async () => {
    fake();
    show('/copy?tab=skips');

    expect(await screen.findByText('Copied lots below the symbol\'s minimum')).toBeTruthy();
    expect(screen.getByText('Insufficient balance for the copy\'s margin and fee')).toBeTruthy();
    expect(screen.getByText('BTC/USDT')).toBeTruthy();
  });

  it('saves the settings an admin changes, and refuses a profit share above the maximum', async () => {
    const api = fake();
    show('/copy?tab=settings');

    expect(await screen.findByText(/no setting can change a user's results/)).toBeTruthy();
    const share = screen.getByLabelText('Profit share');
    fireEvent.change(share, { target: { value: '0.6' } });
    await click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a number within the limits shown')).toBeTruthy();
    expect(api.of('POST', '/copy/settings')).toHaveLength(0);

    fireEvent.change(share, { target: { value: '0.1' } });
    fireEvent.change(screen.getByLabelText('Largest copy multiple'), { target: { value: '20' } });
    await click(screen.getByRole('switch', { name: 'Development demo traders trade (no effect in production, which has none)' }));
    await click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(api.of('POST', '/copy/settings')).toHaveLength(1));
    expect(api.of('POST', '/copy/settings')[0]?.body).toEqual({ traders_per_follower_max: 5, ratio_max: '20', lots_max: 100, profit_share_rate: '0.1', demo_trading: false, lang: 'en' });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });

  it('shows the settings read-only to a reviewer', async () => {
    fake();
    show('/copy?tab=settings', 'reviewer');

    expect(await screen.findByText('Only admins change these settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect((screen.getByLabelText('Largest copy multiple') as HTMLInputElement).disabled).toBe(true);
  });

  it('holds the settings form to the contract\'s limits', () => {
    expect(COPY_FORM_LIMITS).toEqual({
      traders_per_follower_max: COPY_TRADERS_PER_FOLLOWER_LIMIT,
      ratio_max: COPY_RATIO_LIMIT,
      lots_max: COPY_LOTS_LIMIT,
      profit_share_rate: COPY_PROFIT_SHARE_MAX,
      reason_length: COPY_REASON_LENGTH_MAX,
    });
  });
});
