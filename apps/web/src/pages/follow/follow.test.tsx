/**
 * Proves the follow form: an empty, malformed or out-of-limit number is refused before any call; the
 * preview keeps the number by the contract's rule (1.255 -> 1.26) and sizes the example copy by it; the
 * follow is sent after a confirmation with trader_user_id, number and type, and the number the server
 * kept is told; editing starts from the current follow and cancelling it asks first, saying the open
 * copies stay linked. The contract account's available is shown, with a transfer link when it holds
 * nothing (every copy would be skipped). A caller who may not follow is told why.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { follow, me, openCopy, page, traderDetail, WAIT } from './test-fixtures.tsx';

/** POST /wallet/list with the contract account holding `available` USDT. */
const wallet = (available: string) => ({
  total_usdt: available,
  accounts: [
    { kind: 'spot', field: 'change', id: 2, total_usdt: '100', balance: [{ currency_id: 1, currency: 'USDT', available: '100', balance: '100', frozen: '0', locked: '0' }] },
    { kind: 'contract', field: 'lever', id: 3, total_usdt: available, balance: [{ currency_id: 1, currency: 'USDT', available, balance: available, frozen: '0', locked: '0' }] },
  ],
});

function open(detail = traderDetail(), answer = follow({ number: '1.26' }), contractAvailable = '500') {
  const api = fakeOkApi({
    '/wallet/list': wallet(contractAvailable),
    '/follow/traderDetail': detail,
    '/follow/follow': answer,
    '/follow/cancel': { ...follow(), status: 'cancelled', cancelled_at: Date.now() },
    '/follow/me': me({ follower: { following: 1, follow_amount: '240', earnings: '36.5', open_copies: 2, self_held: 0 } }),
    '/follow/myFollows': page([follow()]),
  });
  const router = openCopy('/pages/follow/follow?id=21');
  return { api, router };
}

const form = () => screen.findByRole('form', { name: 'Follow settings' }, WAIT);
const typeNumber = (value: string) => fireEvent.change(screen.getByLabelText('Multiple'), { target: { value } });

describe('follow form', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract account available, with no warning when it holds funds', async () => {
    open();
    const head = await screen.findByRole('region', { name: 'Alice' }, WAIT);
    await vi.waitFor(() => expect(within(head).getByText('Contract account available').nextElementSibling?.textContent).toBe('500 USDT'), WAIT);
    expect(within(head).queryByRole('note')).toBeNull();
  });

  it('warns that every copy will be skipped when the contract account is empty, with a way to transfer (review 2026-11-27)', async () => {
    open(traderDetail(), follow({ number: '1.26' }), '0');
    const head = await screen.findByRole('region', { name: 'Alice' }, WAIT);
    const note = await within(head).findByRole('note', undefined, WAIT);
    expect(note.textContent).toContain('Your contract account holds no USDT: every copy will be skipped until you transfer funds to it.');
    expect(within(note).getByRole('link', { name: 'Transfer funds' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=contract&currency=1');
  });

  it('refuses an empty or malformed number without calling the server', async () => {
    const { api } = open();
    const scope = within(await form());
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    expect(scope.getByRole('alert').textContent).toBe('Please enter the correct number');
    typeNumber('1.5x');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    expect(scope.getByRole('alert').textContent).toBe('Please enter the correct number');
    typeNumber('0');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    expect(scope.getByRole('alert').textContent).toBe('Please enter the correct number');
    typeNumber('6');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    expect(scope.getByRole('alert').textContent).toBe('The multiple can be at most 5');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Fixed lots' })));
    fireEvent.change(scope.getByLabelText('Lots per copy'), { target: { value: '2.5' } });
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    expect(scope.getByRole('alert').textContent).toBe('Lots must be a whole number');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.of('/follow/follow')).toHaveLength(0);
  });

  it('previews 1.255 as kept at 1.26, and a 3-lot trader position as a 3-lot copy', async () => {
    open();
    await form();
    typeNumber('1.255');
    const shown = within(screen.getByLabelText('Preview'));
    expect(shown.getByText('Kept as').nextElementSibling?.textContent).toBe('Fixed multiple 1.26x');
    // floor(3 x 1.26) = 3
    expect(shown.getByText('Trader opens 3 lots').nextElementSibling?.textContent).toBe('You open 3 lots');
    expect(screen.getByText('A multiple above 1 that is not whole is rounded to 2 decimals: 1.255 is kept as 1.26.')).toBeTruthy();
    typeNumber('0.2');
    // floor(3 x 0.2) = 0, below the minimum of one lot: no copy.
    expect(shown.getByText('Trader opens 3 lots').nextElementSibling?.textContent).toBe('No copy (below 1 lot)');
  });

  it('sends trader_user_id, number and type after the confirmation, and tells the number kept', async () => {
    const { api, router } = open();
    const scope = within(await form());
    expect(screen.getByText('Profit share').nextElementSibling?.textContent).toBe('10%');
    expect(screen.getByText('Max multiple').nextElementSibling?.textContent).toBe('5x');
    expect(screen.getByText('Max lots per copy').nextElementSibling?.textContent).toBe('50');
    typeNumber('1.255');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Follow Alice with Fixed multiple 1.26x?');
    expect(dialog.textContent).toContain('10% of the net profit of copies closed with them goes to them');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/follow/follow')).toHaveLength(1), WAIT);
    expect(api.of('/follow/follow')[0]!.params).toMatchObject({ trader_user_id: '21', number: '1.255', type: 'multiple' });
    expect(await screen.findByText('Following Alice: Fixed multiple 1.26x', undefined, WAIT)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/copytrade/copy'), WAIT);
  });

  it('sends nothing when the confirmation is declined', async () => {
    const { api } = open();
    const scope = within(await form());
    typeNumber('2');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Follow' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog', undefined, WAIT)).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/follow/follow')).toHaveLength(0);
  });

  it('starts from the current follow when editing, and sends fixed lots', async () => {
    const { api } = open(traderDetail({ my_follow: follow({ type: 'lots', number: '5' }) }), follow({ type: 'lots', number: '7' }));
    expect(await screen.findByRole('heading', { name: 'Edit follow' }, WAIT)).toBeTruthy();
    const scope = within(await form());
    expect(scope.getByRole('button', { name: 'Fixed lots' }).getAttribute('aria-pressed')).toBe('true');
    const lots = scope.getByLabelText('Lots per copy') as HTMLInputElement;
    expect(lots.value).toBe('5');
    fireEvent.change(lots, { target: { value: '7' } });
    expect(within(screen.getByLabelText('Preview')).getByText('Trader opens 3 lots').nextElementSibling?.textContent).toBe('You open 7 lots');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Save changes' })));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Change your follow of Alice to Fixed lots 7?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/follow/follow')[0]?.params).toMatchObject({ trader_user_id: '21', number: '7', type: 'lots' }), WAIT);
  });

  it('cancels the follow only after a confirmation that says open copies stay linked', async () => {
    const { api, router } = open(traderDetail({ my_follow: follow() }));
    const scope = within(await form());
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Cancel follow' })));
    let dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Stop following Alice?');
    expect(dialog.textContent).toContain('Your 2 open copies stay linked and close with their positions');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/follow/cancel')).toHaveLength(0);
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Cancel follow' })));
    dialog = await screen.findByRole('dialog', undefined, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel follow' })));
    await vi.waitFor(() => expect(api.of('/follow/cancel')).toHaveLength(1), WAIT);
    expect(api.of('/follow/cancel')[0]!.params).toMatchObject({ follow_user_id: '21' });
    expect(await screen.findByText('Follow cancelled', undefined, WAIT)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/copytrade/copy'), WAIT);
  });

  it('says why, without the form, when the caller may not follow', async () => {
    open(traderDetail({ can_follow: false, cannot_follow_reason: 'is_trader' }));
    expect(await screen.findByText('Traders, and users who have applied to become one, cannot follow other traders.', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the trader' }).getAttribute('href')).toBe('/pages/follow/trader?id=21');
  });

  it('goes to the list when the id is missing', async () => {
    fakeOkApi({ '/follow/index': page([]) });
    const router = openCopy('/pages/follow/follow');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/follow/index'), WAIT);
  });

  it('says the trader is not available, with a link to all traders, for a malformed id', async () => {
    fakeOkApi({ '/follow/index': page([]) });
    const router = openCopy('/pages/follow/follow?id=abc');
    expect(await screen.findByText('This trader is not available: they may no longer be a trader.', undefined, WAIT)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'See all traders' })));
    expect(router.state.location.pathname).toBe('/pages/follow/index');
  });
});
