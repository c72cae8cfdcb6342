/**
 * Proves quick buy: an amount quotes the best ad the server picks for it (once typing stops), showing
 * the merchant, price, quantity and total; confirming places the order through POST /otc/quick and opens
 * it; when no ad fits, the server's reason shows in place and nothing can be confirmed; an amount that
 * is no amount says so under the field; an unverified user is sent to verify.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { ad, config, openOtc, order, WAIT } from './test-fixtures.tsx';

const ok = (message: unknown) => ({ type: 'ok', message });
const quote = { ad: ad({ fiat: 'USD', price: '1.01' }), price: '1.01', quantity: '99.009900', fiat_amount: '100' };

function open(quoteAnswer: () => { type: string; message: unknown }, cfg = config()) {
  const api = fakeApi({
    '/otc/config': ok(cfg),
    '/otc/quick/quote': quoteAnswer,
    '/otc/quick': ok(order({ id: '9100' })),
    '/otc/order': ok(order({ id: '9100' })),
    '/otc/order/messages': ok({ messages: [], has_more: false }),
  });
  return { api, router: openOtc('?tab=quick') };
}

describe('OTC quick buy', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('quotes the best ad for 100 USD and places the order on confirmation', async () => {
    const { api, router } = open(() => ok(quote));
    fireEvent.change(await screen.findByLabelText('Amount (USD)', undefined, WAIT), { target: { value: '100' } });
    const best = await screen.findByRole('region', { name: 'Best ad for this amount' }, WAIT);
    expect(within(best).getByText('Lucky Trader')).toBeTruthy();
    expect(within(best).getByText('You receive').nextElementSibling?.textContent).toBe('99.009900 USDT');
    expect(within(best).getByText('You pay').nextElementSibling?.textContent).toBe('100 USD');
    expect(within(best).getByText('Time to pay').nextElementSibling?.textContent).toBe('15 minutes');
    expect(Object.fromEntries(api.calls.filter((c) => c.path === '/otc/quick/quote').at(-1)!.body)).toMatchObject({ side: 'buy', currency_id: '1', fiat: 'USD', amount: '100', amount_in: 'fiat' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy USDT' })));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Buy 99.009900 USDT for 100 USD at 1.01 from the best ad now?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' })));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?order=9100'), WAIT);
    expect(Object.fromEntries(api.calls.find((c) => c.path === '/otc/quick')!.body)).toMatchObject({ side: 'buy', amount: '100', amount_in: 'fiat' });
  });

  it('shows why no ad fits, quietly, and offers nothing to confirm', async () => {
    open(() => ({ type: 'error', message: 'No ad fits this amount and your limit', code: 'otc_no_ad' }));
    fireEvent.change(await screen.findByLabelText('Amount (USD)', undefined, WAIT), { target: { value: '5000000' } });
    expect(await screen.findByText('No ad fits this amount and your limit', undefined, WAIT)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy USDT' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('quotes a sale in the coin, showing what the fiat account holds', async () => {
    const { api } = open(() => ok({ ...quote, ad: ad({ side: 'buy', fiat: 'USD', price: '0.99' }), price: '0.99', quantity: '50', fiat_amount: '49.5' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sell' }, WAIT)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'In USDT' })));
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '50' } });
    const best = await screen.findByRole('region', { name: 'Best ad for this amount' }, WAIT);
    expect(within(best).getByText('You get').nextElementSibling?.textContent).toBe('49.5 USD');
    expect(screen.getByText(/^Available in your fiat account: 500 USDT/)).toBeTruthy();
    expect(Object.fromEntries(api.calls.filter((c) => c.path === '/otc/quick/quote').at(-1)!.body)).toMatchObject({ side: 'sell', amount: '50', amount_in: 'coin' });
  });

  it('refuses a sale beyond the fiat account before sending', async () => {
    const { api } = open(() => ok({ ...quote, ad: ad({ side: 'buy', fiat: 'USD', price: '0.99' }), price: '0.99', quantity: '600', fiat_amount: '594' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sell' }, WAIT)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'In USDT' })));
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '600' } });
    await screen.findByRole('region', { name: 'Best ad for this amount' }, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sell USDT' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    expect(api.calls.filter((c) => c.path === '/otc/quick')).toHaveLength(0);
  });

  it('says under the field that an empty or unreadable amount is wrong, and asks for no quote', async () => {
    const { api } = open(() => ok(quote));
    const field = await screen.findByLabelText('Amount (USD)', undefined, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy USDT' })));
    expect(screen.getByRole('alert').textContent).toBe('Enter a correct amount');
    fireEvent.change(field, { target: { value: 'abc' } });
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toBe('Enter a correct amount');
    expect(api.calls.filter((c) => c.path === '/otc/quick/quote')).toHaveLength(0);
  });

  it('sends an unverified user to verify', async () => {
    const { api } = open(() => ok(quote), config({ level: 0, fiat_limit_usdt: '0' }));
    expect(await screen.findByText('Verify your identity (level 1) before trading over the counter.', undefined, WAIT)).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/otc/quick/quote')).toHaveLength(0);
  });
});
