/**
 * Proves the notification list of settings: the row with its unread badge opens a sheet kept in the
 * query string (Back closes it); events are worded from their kind and figures in the reader's language,
 * system notices shown as the server sent them, each with its time as spec section 9 says; "load more"
 * fetches the next page; marking one and all read posts the right body and moves the badge; and a
 * realtime `notification` signal refreshes the badge without a reload.
 */
import type { NotificationItem } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../../i18n/index.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { saveToken, setState } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const WAIT = { timeout: 5000 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (ms: number) => Date.now() - ms;
const event = (id: number, at: number, rest: Pick<Extract<NotificationItem, { source: 'event' }>, 'kind' | 'figures'>, read = false) =>
  ({ source: 'event', id, created_at: at, read, ...rest }) as NotificationItem;

const ITEMS: NotificationItem[] = [
  event(9, ago(2 * MINUTE), { kind: 'deposit_credited', figures: { amount: '100', currency: 'USDT' } }),
  event(8, ago(3 * HOUR), { kind: 'withdrawal_rejected', figures: { number: '50', currency: 'USDT', reason: 'Address under review' } }),
  event(7, ago(25 * MINUTE), { kind: 'spot_order_filled', figures: { order_id: 41, symbol: 'BTC/USDT', side: 'sell', quantity: '0.2', average_price: '60000' } }, true),
  event(6, ago(5 * DAY), { kind: 'identity_approved', figures: { level: 2 } }, true),
  { source: 'system', id: 3, kind: 'system', title: 'Maintenance tonight', body: 'Trading pauses from 02:00 to 03:00 UTC.', lang: 'en', created_at: ago(40 * DAY), read: true },
];
const page = (data: NotificationItem[], total: number, n = 1, limit = 10) => ({ data, total, page: n, limit });

/** A logged-in user whose server keeps `unread` and answers the list from `pages`. */
function open(path: string, pages: Record<string, ReturnType<typeof page>> = { '1': page(ITEMS, ITEMS.length) }, unread = 2) {
  saveToken('a-token');
  let count = unread;
  const api = fakeOkApi({
    '/user/info': USER,
    '/notification/unread': () => ({ unread: count }),
    '/notification/list': (params: Record<string, string>) => pages[params.page ?? '1'],
    '/notification/read': () => ({ unread: (count = Math.max(0, count - 1)) }),
    '/notification/read_all': () => ({ unread: (count = 0) }),
  });
  const view = renderApp(path);
  return { ...view, api, setUnread: (n: number) => (count = n) };
}

const row = () => screen.findByRole('button', { name: /^Notifications/ }, WAIT);
/** The sheet once its opening slide has come to rest (closing it mid-slide can leave antd-mobile's Popup mounted in the test DOM). */
async function opened() {
  const dialog = await sheet();
  await vi.waitFor(() => expect(dialog.closest<HTMLElement>('.adm-popup-body')?.style.transform).toMatch(/translate\(0(px)?, 0%\)|^none$/), WAIT);
  return dialog;
}
const sheet = (name = 'Notifications') => screen.findByRole('dialog', { name }, WAIT);
const card = async (name: string, sheetName?: string) => within(await sheet(sheetName)).findByRole('article', { name }, WAIT);

// The first test also loads the lazy settings page, slow on a busy machine.
describe('notification list', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    setState({ lang: 'en' });
    await act(async () => void (await i18n.changeLanguage('en')));
  });

  it('shows the unread count on the settings row, opens the list in the URL and closes it with Back', async () => {
    const { router } = open('/pages/setting/setting');
    await vi.waitFor(async () => expect((await row()).textContent).toContain('2 unread'), WAIT);
    fireEvent.click(await row());
    expect(await opened()).toBeTruthy();
    expect(router.state.location.search).toBe('?notices=1');
    // Back, as the browser's button does it (the close button takes the same way back).
    act(() => void router.navigate(-1));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull(), WAIT);
    expect(router.state.location.search).toBe('');

    // Opened again, its close button takes the same way back.
    fireEvent.click(await row());
    fireEvent.click(within(await opened()).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull(), WAIT);
    expect(router.state.location).toMatchObject({ pathname: '/pages/setting/setting', search: '' });
  });

  it('words each event from its figures and shows system notices as sent, newest first, with relative times', async () => {
    open('/pages/setting/setting?notices=1');
    const list = within(await sheet());
    await list.findByRole('article', { name: 'Deposit credited' }, WAIT);
    expect(list.getAllByRole('article').map((node) => node.getAttribute('aria-label'))).toEqual([
      'Deposit credited',
      'Withdrawal rejected',
      'Order filled',
      'Identity verified',
      'Maintenance tonight',
    ]);
    const text = async (name: string) => (await card(name)).textContent;
    expect(await text('Deposit credited')).toContain('100 USDT has been credited to your spot account.');
    expect(await text('Deposit credited')).toContain('Just now');
    expect(await text('Withdrawal rejected')).toContain('Your withdrawal of 50 USDT was rejected and the amount is available again. Reason: Address under review');
    expect(await text('Withdrawal rejected')).toContain('3 hours ago');
    expect(await text('Order filled')).toContain('Your BTC/USDT sell order for 0.2 was filled at an average price of 60000.');
    expect(await text('Order filled')).toContain('25 minutes ago');
    expect(await text('Identity verified')).toContain('Your advanced identity verification has been approved.');
    expect(await text('Identity verified')).toContain('5 days ago');
    const notice = await card('Maintenance tonight');
    expect(notice.textContent).toContain('System notice');
    expect(notice.textContent).toContain('Trading pauses from 02:00 to 03:00 UTC.');
    // Older than 30 days: the reader's calendar date.
    const date = new Date(ITEMS[4]!.created_at);
    expect(notice.querySelector('time')?.textContent).toBe(
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
    );
    // Unread ones say so and can be marked; read ones cannot.
    expect(within(await card('Deposit credited')).getByText('Unread')).toBeTruthy();
    expect(within(await card('Order filled')).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('words the wealth and copy-trading events: a mining term ended, a dual settled or refunded, an IEO allocation, a copy skipped', async () => {
    const unlockAt = Date.parse('2026-12-30T08:00:00Z');
    const wealth: NotificationItem[] = [
      event(20, ago(MINUTE), { kind: 'mining_unlocked', figures: { order_id: 5, amount: '1000', currency: 'USDT', interest: '6' } }),
      event(19, ago(2 * MINUTE), {
        kind: 'dual_settled',
        figures: { order_id: 6, symbol: 'BTC/USDT', status: 'success', amount: '0.005', currency: 'BTC', payout: '332.31', payout_currency: 'USDT' },
      }),
      event(18, ago(3 * MINUTE), { kind: 'dual_settled', figures: { order_id: 7, symbol: 'ETH/USDT', status: 'fail', amount: '300', currency: 'USDT', payout: '300', payout_currency: 'USDT' } }),
      event(17, ago(4 * MINUTE), {
        kind: 'ieo_allocated',
        figures: { order_id: 8, project: 'Fair token', allocated: '466', token: 'FAIR', charged: '23.3', refunded: '11.7', pay_currency: 'USDT', unlock_at: unlockAt },
      }),
      event(16, ago(5 * MINUTE), { kind: 'copy_skipped', figures: { trader_name: 'Alpha demo', symbol: 'BTCUSDT', side: 'long', trader_lots: 3 } }),
    ];
    open('/pages/setting/setting?notices=1', { '1': page(wealth, wealth.length) });
    expect((await card('Lock-up mining ended')).textContent).toContain(
      'Your lock-up mining of 1000 USDT reached its term: the principal is back in your spot account. Interest earned over the term: 6 USDT.',
    );
    const [settled, refunded] = within(await sheet()).getAllByRole('article', { name: 'Dual investment settled' });
    expect(settled!.textContent).toContain('BTC/USDT: your 0.005 BTC investment settled and 332.31 USDT was paid to your spot account.');
    expect(refunded!.textContent).toContain('ETH/USDT: the index was not known at the settlement time, so your 300 USDT investment was refunded in full to your spot account.');
    const ieo = (await card('IEO allocation')).textContent;
    expect(ieo).toContain('Fair token: you were allocated 466 FAIR for 23.3 USDT, and 11.7 USDT was refunded to your spot account.');
    expect(ieo).toContain(`The tokens are locked until ${new Date(unlockAt).toLocaleString('en')}.`);
    expect((await card('Copy skipped')).textContent).toContain('Your contract account could not pay the margin and fee to copy Alpha demo’s BTCUSDT position, so no copy was opened.');
  });

  // The Chinese catalogue is its own file, compiled on first use: a slow first load on a busy machine.
  it('words events in the reader’s language', { timeout: 30_000 }, async () => {
    applyLanguage('zh');
    await vi.waitFor(() => expect(i18n.language).toBe('zh'), { timeout: 25_000 });
    open('/pages/setting/setting?notices=1');
    const deposit = await card('充值已到账', '消息通知');
    expect(deposit.textContent).toContain('100 USDT 已存入您的现货账户。');
    expect(deposit.textContent).toContain('刚刚');
    expect((await card('身份认证已通过', '消息通知')).textContent).toContain('您的高级身份认证已通过审核。');
  });

  it('loads the next page with "load more" until there is no more', async () => {
    const more: NotificationItem[] = [event(2, ago(31 * DAY), { kind: 'identity_rejected', figures: { level: 1, reason: 'Blurred photo' } }, true)];
    const { api } = open('/pages/setting/setting?notices=1', { '1': page(ITEMS, 6, 1, 5), '2': page(more, 6, 2, 5) });
    const list = within(await sheet());
    await list.findByRole('article', { name: 'Deposit credited' }, WAIT);
    await act(async () => fireEvent.click(list.getByRole('button', { name: 'Load more' })));
    expect((await card('Identity verification rejected')).textContent).toContain('Your basic identity verification was rejected. Reason: Blurred photo');
    expect(list.getByText('No more data')).toBeTruthy();
    expect(api.of('/notification/list').map((call) => call.params.page)).toEqual(['1', '2']);
  });

  it('marks one read, then all read, and the badge follows the server’s count', async () => {
    const { api } = open('/pages/setting/setting?notices=1');
    const deposit = await card('Deposit credited');
    await vi.waitFor(async () => expect((await row()).textContent).toContain('2 unread'), WAIT);
    await act(async () => fireEvent.click(within(deposit).getByRole('button', { name: 'Mark as read' })));
    await vi.waitFor(() => expect(api.of('/notification/read')).toHaveLength(1), WAIT);
    expect(api.of('/notification/read')[0]!.params).toMatchObject({ source: 'event', id: '9' });
    await vi.waitFor(async () => expect((await row()).textContent).toContain('1 unread'), WAIT);

    const markAll = within(await sheet()).getByRole('button', { name: 'Mark all as read' });
    await act(async () => fireEvent.click(markAll));
    await vi.waitFor(() => expect(api.of('/notification/read_all')).toHaveLength(1), WAIT);
    await vi.waitFor(async () => expect((await row()).textContent).not.toContain('unread'), WAIT);
    expect(within(await sheet()).getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves the badge when the server signals a new notification, without a reload', async () => {
    const socket = fakeSocket();
    const { setUnread, api } = open('/pages/setting/setting');
    await vi.waitFor(async () => expect((await row()).textContent).toContain('2 unread'), WAIT);
    setUnread(3);
    socket.serverSends('notification', { source: 'event', id: 10, kind: 'deposit_credited' });
    await vi.waitFor(async () => expect((await row()).textContent).toContain('3 unread'), WAIT);
    expect(api.of('/notification/unread').length).toBeGreaterThanOrEqual(2);
  });
});
