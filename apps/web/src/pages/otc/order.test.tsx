/**
 * Proves the OTC order screen for both sides: the buyer sees the time left to pay and the seller's
 * payment details, marks the order paid with the method used and a proof image (uploaded first) after a
 * confirmation, or cancels it; the seller releases with the pay password after a confirmation; either
 * side appeals a paid order with a reason; an ended order says how it ended; a realtime signal for the
 * order refreshes it; and the chat shows both sides and sends text, any text, shown as plain text; an
 * order released during an appeal says the appeal ended; a number naming no order says so with a way on.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OtcMessageView, OtcOrderView } from '@fairex/contract';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { openOtc, order, page, PROOF_URL, USER_WITH_PIN, WAIT } from './test-fixtures.tsx';

/** The order screen, the server answering `first` until an action changes the order (or `later` says otherwise). */
function open(first: OtcOrderView, options: { later?: () => OtcOrderView; messages?: OtcMessageView[] } = {}) {
  let current = first;
  const after = (next: OtcOrderView) => () => (current = next);
  const api = fakeOkApi({
    '/otc/order': () => options.later?.() ?? current,
    '/otc/order/messages': { messages: options.messages ?? [], has_more: false },
    '/otc/order/paid': after({ ...first, status: 'paid', paid_at: Date.now(), paid_method_id: 1, proof: PROOF_URL }),
    '/otc/order/cancel': after({ ...first, status: 'cancelled', cancel_reason: 'buyer', cancelled_at: Date.now() }),
    '/otc/order/release': after({ ...first, status: 'released', released_by: 'seller', released_at: Date.now() }),
    '/otc/order/appeal': after({ ...first, status: 'appealed', appeal: { by: first.role, automatic: false, reason: 'No money arrived', created_at: Date.now(), decision: null, note: null, decided_at: null } }),
    '/otc/order/message': { id: '77' },
    '/upload': PROOF_URL,
    '/user/info': USER_WITH_PIN,
  });
  const router = openOtc(`?order=${first.id}`);
  return { api, router };
}

const summary = () => screen.findByRole('region', { name: 'Order 9001' }, WAIT);
const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling?.textContent;
const confirmDialog = async (button: string) => {
  const dialog = await screen.findByRole('dialog', undefined, WAIT);
  const text = dialog.textContent;
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: button })));
  return text;
};

describe('OTC order', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows the buyer the figures, the time left to pay and the seller payment details', async () => {
    open(order({ pay_deadline: Date.now() + 14 * 60_000 + 30_000 }));
    const card = await summary();
    expect(within(card).getByText('Buy USDT')).toBeTruthy();
    expect(within(card).getByText('Awaiting payment')).toBeTruthy();
    expect(within(card).getByRole('timer').textContent).toMatch(/^Pay within 14:(29|30)$/);
    expect(figure(card, 'Total')).toBe('100 CNY');
    expect(figure(card, 'Quantity')).toBe('13.831258 USDT');
    expect(figure(card, 'Price')).toBe('7.23 CNY');
    expect(within(card).getByText('Lucky Trader')).toBeTruthy();
    const details = screen.getByRole('group', { name: 'Seller’s payment details' });
    expect(details.textContent).toContain('6222020200112233');
    expect(details.textContent).toContain('lilei@example.com');
    expect(within(details).getByRole('button', { name: 'Copy Bank' })).toBeTruthy();
  });

  it('marks the order paid with the method and a proof image, after a confirmation', async () => {
    const { api } = open(order());
    await summary();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'I have paid' })));
    expect(screen.getByText('Choose the method you paid with')).toBeTruthy();
    expect(screen.getByText('Add a picture of your payment')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank card' }));
    fireEvent.change(screen.getByLabelText('Proof of payment'), { target: { files: [new File(['png'], 'paid.png', { type: 'image/png' })] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'I have paid' })));
    expect(await confirmDialog('I have paid')).toContain('Have you paid 100 CNY to the seller?');
    await vi.waitFor(() => expect(api.of('/otc/order/paid')).toHaveLength(1), WAIT);
    expect(api.of('/upload')).toHaveLength(1);
    expect(api.of('/otc/order/paid')[0]!.params).toMatchObject({ id: '9001', method_id: '1', proof: PROOF_URL });
    expect(await screen.findByText('Paid, awaiting release', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('Waiting for the seller to confirm the payment and release the coins.')).toBeTruthy();
  });

  it('cancels before paying only once confirmed', async () => {
    const { api } = open(order());
    await summary();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel order' })));
    expect(await confirmDialog('Keep it')).toContain('Do not cancel if you have already paid.');
    expect(api.of('/otc/order/cancel')).toHaveLength(0);
    // The page's button comes first: the closing dialog may still be in the document.
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Cancel order' })[0]!));
    await confirmDialog('Cancel order');
    await vi.waitFor(() => expect(api.of('/otc/order/cancel')[0]?.params).toMatchObject({ id: '9001' }), WAIT);
    expect(await screen.findByText('The buyer cancelled the order; the 13.831258 USDT went back to the seller.', undefined, WAIT)).toBeTruthy();
  });

  it('lets the seller release a paid order with the pay password, after a confirmation', async () => {
    const paid = order({ role: 'seller', maker: true, counterparty: { name: 'ann', merchant: null }, status: 'paid', paid_at: Date.now(), paid_method_id: 1, proof: PROOF_URL });
    const { api } = open(paid);
    const card = await summary();
    expect(within(card).getByText('Sell USDT')).toBeTruthy();
    expect(screen.getByText('Paid with Bank card')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Proof of payment' }).getAttribute('src')).toBe(PROOF_URL);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Release' }, WAIT)));
    expect(screen.getByRole('alert').textContent).toBe('Enter your pay password');
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Release' })));
    expect(await confirmDialog('Release')).toContain('Have you received 100 CNY in your account? Releasing sends 13.831258 USDT to the buyer');
    await vi.waitFor(() => expect(api.of('/otc/order/release')[0]?.params).toMatchObject({ id: '9001', pay_password: 'pay-secret-1' }), WAIT);
    expect(await screen.findByText('You released 13.831258 USDT to the buyer.', undefined, WAIT)).toBeTruthy();
  });

  it('appeals a paid order with a reason, and shows the appeal under review', async () => {
    const { api } = open(order({ status: 'paid', paid_at: Date.now(), paid_method_id: 1, proof: PROOF_URL }));
    await summary();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Appeal' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit appeal' })));
    expect(screen.getByRole('alert').textContent).toBe('Say what went wrong');
    fireEvent.change(screen.getByLabelText('What went wrong'), { target: { value: 'No money arrived' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit appeal' })));
    await confirmDialog('Appeal');
    await vi.waitFor(() => expect(api.of('/otc/order/appeal')[0]?.params).toMatchObject({ id: '9001', reason: 'No money arrived' }), WAIT);
    expect(await screen.findByText('Under appeal', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('An operator is reviewing both sides’ messages and proofs.')).toBeTruthy();
  });

  it('still lets the seller release while an appeal waits, and offers no second appeal', async () => {
    const appealed = order({
      role: 'seller',
      counterparty: { name: 'ann', merchant: null },
      status: 'appealed',
      paid_at: Date.now(),
      paid_method_id: 1,
      proof: PROOF_URL,
      appeal: { by: 'buyer', automatic: false, reason: 'Seller does not answer', created_at: Date.now(), decision: null, note: null, decided_at: null },
    });
    open(appealed);
    expect(await screen.findByText('Seller does not answer', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText(/^The other side appealed on/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Release' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });

  it('says an order went to appeal by itself when the release limit passed, and toasts it when the server signals so', async () => {
    const socket = fakeSocket();
    const paidAt = Date.now();
    let current = order({ status: 'paid', paid_at: paidAt, release_due_at: paidAt + 30 * 60_000, paid_method_id: 1, proof: PROOF_URL });
    open(current, { later: () => current });
    expect(await screen.findByText('Release due by', undefined, WAIT)).toBeTruthy();
    current = { ...current, status: 'appealed', appeal: { by: 'buyer', automatic: true, reason: 'release_time_limit', created_at: Date.now(), decision: null, note: null, decided_at: null } };
    act(() => socket.serverSends('otc', { order_id: '9001', status: 'appealed', reason: 'release_timeout' }));
    expect(await screen.findByText(/^The coins were not released within the time limit/, undefined, WAIT)).toBeTruthy();
    expect(screen.queryByText('release_time_limit')).toBeNull();
  });

  it('says an appeal ended when the seller released during it, not that an operator is still reviewing it', async () => {
    const appeal = { by: 'buyer' as const, automatic: false, reason: 'Seller does not answer', created_at: Date.now() - 60_000, decision: null, note: null, decided_at: null };
    open(order({ role: 'seller', status: 'released', released_by: 'seller', released_at: Date.now(), paid_at: Date.now() - 120_000, appeal }));
    expect(await screen.findByText('You released 13.831258 USDT to the buyer.', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('The seller released the 13.831258 USDT during the appeal, which ended it: no operator decision is needed.')).toBeTruthy();
    expect(screen.queryByText('An operator is reviewing both sides’ messages and proofs.')).toBeNull();
  });

  it('says a number that names none of the user\'s orders so, with the way to their orders, and no retry', async () => {
    fakeApi({ '/otc/order': { type: 'error', code: 'not_found', message: 'Not found' }, '/otc/orders': { type: 'ok', message: page([]) } });
    const router = openOtc('?order=99999');
    const state = (await screen.findByRole('heading', { name: 'No order of yours has this number' }, WAIT)).parentElement!;
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await act(async () => fireEvent.click(within(state).getByRole('link', { name: 'My orders' })));
    expect(router.state.location.search).toBe('?tab=orders');
  });

  it('says so without asking the server when the number is no order number', async () => {
    const api = fakeOkApi({});
    openOtc('?order=abc');
    expect(await screen.findByRole('heading', { name: 'No order of yours has this number' }, WAIT)).toBeTruthy();
    expect(api.of('/otc/order')).toHaveLength(0);
  });

  it('says how an ended order ended: timed out, or released by an operator on appeal', async () => {
    open(order({ status: 'cancelled', cancel_reason: 'timeout', cancelled_at: Date.now() }));
    expect(await screen.findByText('The time to pay ran out; the 13.831258 USDT went back to the seller.', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
  });

  it('refreshes when the server signals a change to this order', async () => {
    const socket = fakeSocket();
    let current = order();
    open(current, { later: () => current });
    await screen.findByText('Awaiting payment', undefined, WAIT);
    current = order({ status: 'released', released_by: 'operator', released_at: Date.now(), appeal: { by: 'seller', automatic: false, reason: 'Paid late', created_at: Date.now() - 1000, decision: 'release', note: 'Bank statement checked', decided_at: Date.now() } });
    act(() => socket.serverSends('otc', { order_id: '1', status: 'released' }));
    act(() => socket.serverSends('otc', { order_id: '9001', status: 'released' }));
    expect(await screen.findByText('An operator released 13.831258 USDT to the buyer after the appeal.', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('Decided: released to the buyer. Bank statement checked')).toBeTruthy();
  });

  it('shows the chat from both sides and an operator, and sends a message', async () => {
    const messages: OtcMessageView[] = [
      { id: '3', author: 'operator', body: 'Please upload the bank statement', image: null, created_at: Date.now() - 1000 },
      { id: '2', author: 'counterparty', body: 'Paid via ICBC', image: PROOF_URL, created_at: Date.now() - 2000 },
      { id: '1', author: 'me', body: 'Hello <b>bold</b>, price > 7 <3', image: null, created_at: Date.now() - 3000 },
    ];
    const { api } = open(order(), { messages });
    const log = await screen.findByRole('log', { name: 'Messages' }, WAIT);
    expect([...log.querySelectorAll('article')].map((a) => a.getAttribute('aria-label'))).toEqual(['You', 'The other side', 'Operator']);
    expect(within(log).getByRole('img', { name: 'Picture' }).getAttribute('src')).toBe(PROOF_URL);
    // Written text is text: angle brackets show as typed, never as markup.
    expect(within(log).getByText('Hello <b>bold</b>, price > 7 <3')).toBeTruthy();
    expect(log.querySelector('b')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByRole('alert').textContent).toBe('Write a message or add a picture');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: ' Sent just now: price > 7 <3 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await vi.waitFor(() => expect(api.of('/otc/order/message')[0]?.params).toMatchObject({ id: '9001', body: 'Sent just now: price > 7 <3' }), WAIT);
  });
});
