/**
 * Proves the merchant view and the ad form: a Lv1 user is told merchants need Lv2; a Lv2 user applies
 * with a name checked before sending; an application under review or refused says so; an approved
 * merchant sees their ads, takes one offline after a confirmation that says what returns, posts a
 * floating ad (the margin typed in percent, sent as a fraction) and edits an online one (the old one
 * taken offline first, the new terms posted).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { ad, config, openOtc, page, WAIT } from './test-fixtures.tsx';

const approved = config({ level: 2, fiat_limit_usdt: '1000000', merchant: { id: 5, name: 'Lucky Trader', status: 'approved', reason: null } });
const ownAd = ad({ own: true, remaining: '3000', quantity: '5000' });

function open(query: string, cfg = approved, myAds: unknown[] = [ownAd]) {
  const api = fakeOkApi({ '/otc/config': cfg, '/otc/my/ads': page(myAds), '/otc/merchant/apply': null, '/otc/ad/close': { ...ownAd, status: 'closed' }, '/otc/ad/post': ownAd });
  return { api, router: openOtc(query) };
}

const confirm = async (button: string) => {
  const dialog = await screen.findByRole('dialog', undefined, WAIT);
  const text = dialog.textContent;
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: button })));
  return text;
};

describe('OTC merchant', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a Lv1 user that merchants need advanced verification', async () => {
    open('?tab=merchant', config());
    expect(await screen.findByText('Merchants need advanced verification (level 2).', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('applies with a name checked before sending', async () => {
    const { api } = open('?tab=merchant', config({ level: 2 }));
    const name = await screen.findByLabelText('Merchant name', undefined, WAIT);
    fireEvent.change(name, { target: { value: 'A' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    expect(screen.getByRole('alert').textContent).toBe('2 to 20 characters, no angle brackets');
    fireEvent.change(name, { target: { value: ' Lucky Trader ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    await vi.waitFor(() => expect(api.of('/otc/merchant/apply')[0]?.params).toMatchObject({ name: 'Lucky Trader' }), WAIT);
  });

  it('shows an application under review, without the form', async () => {
    open('?tab=merchant', config({ level: 2, merchant: { id: 5, name: 'Lucky Trader', status: 'pending', reason: null } }));
    expect((await screen.findByRole('region', { name: 'Merchant application' }, WAIT)).textContent).toContain('Lucky Trader · under review');
    expect(screen.queryByLabelText('Merchant name')).toBeNull();
  });

  it('shows a refusal with its reason, and the form to apply again', async () => {
    open('?tab=merchant', config({ level: 2, merchant: { id: 5, name: 'Lucky Trader', status: 'rejected', reason: 'Trading history too short' } }));
    const standing = await screen.findByRole('region', { name: 'Merchant application' }, WAIT);
    expect(standing.textContent).toContain('Lucky Trader · rejected');
    expect(standing.textContent).toContain('Reason: Trading history too short');
    expect(screen.getByLabelText('Merchant name')).toBeTruthy();
  });

  it('lists an approved merchant’s ads and takes one offline after a confirmation', async () => {
    const { api } = open('?tab=merchant');
    const card = await screen.findByRole('article', { name: 'Ad 12' }, WAIT);
    expect(within(card).getByText('Selling USDT for CNY')).toBeTruthy();
    expect(within(card).getByText('Remaining').nextElementSibling?.textContent).toBe('3000 / 5000 USDT');
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Take offline' })));
    expect(await confirm('Take offline')).toContain('The 3000 USDT it holds return to your available balance');
    await vi.waitFor(() => expect(api.of('/otc/ad/close')[0]?.params).toMatchObject({ id: '12' }), WAIT);
  });

  it('posts a floating sell ad: margin 1.5% sent as 0.015, methods as ids, checked before sending', async () => {
    const { api, router } = open('?tab=merchant&post=new');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Post an ad', hidden: false }, WAIT)));
    expect(screen.getByText('Choose at least one payment method')).toBeTruthy();
    expect(api.of('/otc/ad/post')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Floating' })));
    fireEvent.change(screen.getByLabelText('Margin over the index (%)'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '600' } });
    fireEvent.change(screen.getByLabelText('Minimum per order (USD)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Maximum per order (USD)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bank card' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alipay' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post an ad' })));
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(screen.getByText('The maximum must not be below the minimum')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '400' } });
    fireEvent.change(screen.getByLabelText('Maximum per order (USD)'), { target: { value: '2000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post an ad' })));
    expect(await confirm('Post an ad')).toContain('400 USDT will be frozen in your fiat account while it is online.');
    await vi.waitFor(() => expect(api.of('/otc/ad/post')).toHaveLength(1), WAIT);
    expect(api.of('/otc/ad/post')[0]!.params).toMatchObject({
      side: 'sell',
      currency_id: '1',
      fiat: 'USD',
      price_type: 'floating',
      margin: '0.015',
      quantity: '400',
      min_fiat: '100',
      max_fiat: '2000',
      method_ids: '1,3',
      pay_minutes: '15',
    });
    expect(api.of('/otc/ad/post')[0]!.params.price).toBeUndefined();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=merchant'), WAIT);
  });

  it('sends someone who is not an approved merchant from the ad form to the merchant view', async () => {
    const { router } = open('?tab=merchant&post=new', config({ level: 2 }));
    expect(await screen.findByLabelText('Merchant name', undefined, WAIT)).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=merchant');
  });

  it('edits an online ad: the form holds its terms, the old ad goes offline, then the new one is posted', async () => {
    const { api } = open('?tab=merchant&post=12');
    const price = await screen.findByLabelText('Price (CNY per USDT)', undefined, WAIT);
    expect((price as HTMLInputElement).value).toBe('7.23');
    // What the old ad holds (3000) comes back to the 500 available: 3400 is within reach.
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '3400' } });
    fireEvent.change(price, { target: { value: '7.25' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post an ad' })));
    expect(await confirm('Post an ad')).toContain('Take the current ad offline and post these terms for 3400 USDT?');
    await vi.waitFor(() => expect(api.of('/otc/ad/post')).toHaveLength(1), WAIT);
    expect(api.calls.map((c) => c.path).filter((p) => p === '/otc/ad/close' || p === '/otc/ad/post')).toEqual(['/otc/ad/close', '/otc/ad/post']);
    expect(api.of('/otc/ad/post')[0]!.params).toMatchObject({ price_type: 'fixed', price: '7.25', quantity: '3400', fiat: 'CNY', method_ids: '1' });
  });
});
