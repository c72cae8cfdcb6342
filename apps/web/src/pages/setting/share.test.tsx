/**
 * Proves the share screen: the invite code, the invite link (the registration page with ?code=) and its
 * QR code, copying both, what inviting has earned and the shares in force (the second level only when
 * set); the invited friends as the server masks them; the rebates with fee, share, amount, coin, time and
 * from whom; and "load more" for the next page.
 */
import type { InviteeView, RebateView, ShareInfo } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { SharePage, inviteLink } from './share.tsx';

const INFO: ShareInfo = { extension_code: 'ABCD2345', invited: 2, rebates: [{ currency: 'USDT', amount: '0.52' }], level1_share: '0.2', level2_share: '0' };

const rebate = (overrides: Partial<RebateView> = {}): RebateView => ({
  id: '9',
  level: 1,
  product: 'spot',
  invitee: 'b***@example.com',
  currency: 'USDT',
  fee: '1.3',
  refunded: '0',
  share: '0.2',
  amount: '0.26',
  created_at: Date.parse('2026-11-24T10:00:00Z'),
  ...overrides,
});

const page = <T,>(data: T[], total = data.length, n = 1) => ({ data, total, page: n, limit: 10 });

function open(answers: { info?: ShareInfo; invitees?: (p: Record<string, string>) => unknown; rebates?: (p: Record<string, string>) => unknown } = {}) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/share/info': answers.info ?? INFO,
    '/share/invitees': answers.invitees ?? (() => page<InviteeView>([])),
    '/share/rebates': answers.rebates ?? (() => page<RebateView>([])),
  });
  renderRoutes([{ path: '/pages/setting/share', Component: SharePage }], '/pages/setting/share');
  return api;
}

/** The clock of every test: times show relative to it (spec section 9). */
const NOW = Date.parse('2026-11-24T13:00:00Z');

describe('share', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the invite code, the invite link to the registration page with the code and its QR code, the friends invited and the rebates received', async () => {
    open();
    const card = await screen.findByRole('region', { name: 'Invite code' });
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Invite code')).toBe('ABCD2345');
    expect(value('Friends invited')).toBe('2');
    expect(value('Rebates received')).toBe('0.52 USDT');
    const link = inviteLink('ABCD2345');
    expect(link).toMatch(/#\/pages\/common\/register\?code=ABCD2345$/);
    expect(within(card).getByLabelText('Invite link').textContent).toBe(link);
    expect(within(card).getByTitle('QR code of your invite link')).toBeTruthy();
    expect(card.textContent).toContain('You receive 20% of the trading fees they pay');
    expect(card.textContent).not.toContain('the friends they invite');
  });

  it('copies the code and the link', async () => {
    open();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Copy code' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText.mock.calls).toEqual([['ABCD2345'], [inviteLink('ABCD2345')]]);
  });

  it('tells the second level\'s share when the operator set one', async () => {
    open({ info: { ...INFO, level2_share: '0.05' } });
    const card = await screen.findByRole('region', { name: 'Invite code' });
    expect(card.textContent).toContain('You also receive 5% of the fees paid by the friends they invite.');
  });

  it('lists the invited friends masked, with "load more" for the next page', async () => {
    const api = open({
      invitees: (p) => (p.page === '2' ? page([{ account: 'c***@example.com', registered_at: Date.parse('2026-10-20T09:00:00Z') }], 11, 2) : page([{ account: '138****1234', registered_at: Date.parse('2026-11-21T09:00:00Z') }], 11)),
    });
    const list = await screen.findByRole('list', { name: 'Invited friends' });
    expect(list.textContent).toContain('138****1234');
    // When each signed up, as every list shows a past time: days up to 30 days, then the date.
    expect(list.textContent).toContain('Signed up · 3 days ago');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await within(list).findByText('c***@example.com')).toBeTruthy();
    expect(list.textContent).toContain('Signed up · 2026-10-20');
    expect(api.of('/share/invitees').map((c) => c.params.page)).toEqual(['1', '2']);
  });

  it('lists the rebates with the fee, the share, the amount, the coin, the time and from whom', async () => {
    open({ rebates: () => page([rebate(), rebate({ id: '8', level: 2, product: 'contract', invitee: '139****0000', fee: '2', refunded: '0.5', share: '0.1', amount: '0.15' })]) });
    await act(async () => fireEvent.click(await screen.findByRole('tab', { name: 'Rebates' })));
    const first = await screen.findByRole('article', { name: 'Rebate of 0.26 USDT' });
    const value = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value(first, 'From')).toBe('b***@example.com · Your invitee');
    expect(value(first, 'Fee')).toBe('1.3 USDT');
    expect(value(first, 'Share')).toBe('20%');
    expect(value(first, 'Time')).toBe('3 hours ago');
    expect(within(first).queryByText('Refunded by a fee coupon')).toBeNull();
    expect(first.textContent).toContain('+0.26 USDT');
    expect(first.textContent).toContain('Spot');
    const second = screen.getByRole('article', { name: 'Rebate of 0.15 USDT' });
    expect(value(second, 'From')).toBe('139****0000 · Invited by your invitee');
    expect(value(second, 'Refunded by a fee coupon')).toBe('0.5 USDT');
    expect(second.textContent).toContain('Futures');
  });

  it('says so when nobody signed up yet and no rebate came', async () => {
    open();
    expect(await screen.findByText('No one has signed up with your code yet')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Rebates' })));
    expect(await screen.findByText('No rebates yet')).toBeTruthy();
  });
});
