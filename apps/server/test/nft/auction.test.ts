// Proves NFT auctions on a real database through /bind_box/*: a margin paid once into the
// auction_margins account, bids judged against the current bid plus the increment and against the
// server's clock after the listing is locked (bids racing the end: each accepted once, none after it),
// the end with 0, 1 and many bidders (the winner's order due a day later, every other margin returned
// exactly once however many job runs and processes see it), payment, and the unpaid winner who forfeits
// the margin to the seller while the item stays with its owner. The ledger audit runs after every scenario.
import { DAY_MS, errorMessage, NFT_PAY_WINDOW_MS } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit, offenders } from '../../src/ledger/index.ts';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { nftBids, nftMargins } from '../../src/nft/tables.ts';
import { expectLedgerBalanced, makeUser } from '../support/app.ts';
import { admin, bindBox, fundedUser, listAuction, listFixed, runJobs, spot, useNftRig } from './support.ts';

const rig = useNftRig();

// Fresh keys: the test harness also checks that a retry of each gets the same answer.
let keys = 0;
const margin = (token: string, code: string) => bindBox(rig, 'marginNFT', token, { code, client_id: `margin-${++keys}` });
const bid = (token: string, code: string, price: string) => bindBox(rig, 'auctionNFT', token, { code, price, client_id: `bid-${++keys}` });

async function bidders(n: number) {
  const users = [];
  for (let i = 0; i < n; i += 1) users.push(await fundedUser(rig, '1000'));
  return users;
}

describe('margins and bids', () => {
  it('takes the margin once into auction_margins, refuses a bid without one, and judges bids by the increment', async () => {
    const { item } = await listAuction(rig);
    const [a, b] = await bidders(2);
    const noMargin = await bid(a!.token, item.code, '100');
    expect(noMargin.body).toMatchObject({ type: 'error', code: 'nft_margin_required' });
    expect((await margin(a!.token, item.code)).body).toMatchObject({ type: 'ok', message: { amount: '10', status: 'held' } });
    expect((await margin(a!.token, item.code)).body.code).toBe('nft_margin_paid');
    expect(await spot(rig, a!.id)).toEqual({ available: '990', frozen: '0' });
    expect((await bid(a!.token, item.code, '99.99')).body.code).toBe('nft_bid_too_low');
    expect((await bid(a!.token, item.code, '100')).body).toMatchObject({ type: 'ok', message: { current_bid: '100', bid_count: 1 } });
    await margin(b!.token, item.code);
    const low = await bid(b!.token, item.code, '104.99');
    expect(low.body.code).toBe('nft_bid_too_low');
    expect(low.body.message).toBe(errorMessage('nft_bid_too_low', 'en'));
    expect((await bindBox(rig, 'auctionNFT', b!.token, { code: item.code, price: '104', lang: 'zh' })).body.message).toBe(errorMessage('nft_bid_too_low', 'zh'));
    expect((await bid(b!.token, item.code, '105')).body.message.current_bid).toBe('105');
    // The one beaten is told.
    const messages = await bindBox(rig, 'getNFTOrderMessage', a!.token, {});
    expect(messages.body.message.data.map((m: { kind: string }) => m.kind)).toContain('outbid');
    const log = await bindBox(rig, 'getBindBoxQuotationLog', b!.token, { code: item.code });
    expect(log.body.message.data.map((row: { price: string; self: boolean }) => [row.price, row.self])).toEqual([
      ['105', true],
      ['100', false],
    ]);
    const mine = await bindBox(rig, 'getMyBindBoxQuotationLog', a!.token, {});
    expect(mine.body.message.data[0]).toMatchObject({ code: item.code, price: '100', leading: false, status: 'on_sale' });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses a bid or a margin without a token (999), on an item not on sale, and bad prices with the envelope', async () => {
    const { item } = await listAuction(rig);
    expect((await bid('', item.code, '100')).body.type).toBe('999');
    const [a] = await bidders(1);
    expect((await bid(a!.token, item.code, 'abc')).body).toMatchObject({ type: 'error', code: 'wrong_number' });
    expect((await bid(a!.token, 'NFT-99999999', '100')).body.type).toBe('error');
    rig.clock.now += 2 * 3_600_000;
    const late = await margin(a!.token, item.code);
    expect(late.body).toMatchObject({ type: 'error', code: 'nft_not_on_sale', message: 'Item not yet on sale or already ended' });
  });

  it('accepts each bid racing the last second once, refuses every bid from the end on, and ends with the highest', async () => {
    const { item, listing } = await listAuction(rig, { increment: '1' });
    const users = await bidders(6);
    for (const user of users) await margin(user.token, item.code);
    rig.clock.now = listing.end_at - 1;
    // Six bids at once at the same price: the listing's lock serialises them, one is accepted at 100, the rest are too low.
    const same = await Promise.all(users.map((user) => bid(user.token, item.code, '100')));
    expect(same.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(same.filter((r) => r.body.code === 'nft_bid_too_low')).toHaveLength(5);
    // Rising bids at once: each accepted exactly when it beats the one before it.
    const rising = await Promise.all(users.map((user, i) => bid(user.token, item.code, String(110 + i * 10))));
    const accepted = rising.filter((r) => r.body.type === 'ok').length;
    rig.clock.now = listing.end_at;
    const afterEnd = await bid(users[0]!.token, item.code, '1000');
    expect(afterEnd.body.code).toBe('nft_not_on_sale');
    const detail = await bindBox(rig, 'getBoxDetail', undefined, { code: item.code }, 'GET');
    expect(detail.body.message.listing).toMatchObject({ bid_count: 1 + accepted, current_bid: '160', buy_status: 0 });
    await runJobs(rig);
    const winner = users[5]!;
    const orders = await bindBox(rig, 'getNeedPayNFTOrder', winner.token, {});
    expect(orders.body.message.data[0]).toMatchObject({ code: item.code, price: '160', margin: '10', status: 'unpaid', due_at: listing.end_at + NFT_PAY_WINDOW_MS });
    await expectLedgerBalanced(rig.test);
  });
});

describe('the end of an auction', () => {
  it('with no bidder: the item stays with the platform, unsold, and nothing moves', async () => {
    const { item, listing } = await listAuction(rig);
    rig.clock.now = listing.end_at;
    expect((await runJobs(rig)).ended).toBe(1);
    const detail = await bindBox(rig, 'getBoxDetail', undefined, { code: item.code }, 'GET');
    expect(detail.body.message.listing.status).toBe('unsold');
    expect(detail.body.message.owner).toBeNull();
    const items = await admin(rig, '/items', { keyword: item.code }, 'GET');
    expect(items.data[0].state).toBe('held');
    await expectLedgerBalanced(rig.test);
  });

  it('with one bidder who paid a margin but never bid: the margin is returned and the item unsold', async () => {
    const { item, listing } = await listAuction(rig);
    const [a] = await bidders(1);
    await margin(a!.token, item.code);
    rig.clock.now = listing.end_at + 5;
    await runJobs(rig);
    expect(await spot(rig, a!.id)).toEqual({ available: '1000', frozen: '0' });
    const kinds = (await bindBox(rig, 'getNFTOrderMessage', a!.token, {})).body.message.data.map((m: { kind: string }) => m.kind);
    expect(kinds).toContain('margin_returned');
    await expectLedgerBalanced(rig.test);
  });

  it('with one bidder: the winner gets an order due in a day, pays price less nothing (the margin comes back), and owns the item', async () => {
    const { item, listing } = await listAuction(rig);
    const [a] = await bidders(1);
    await margin(a!.token, item.code);
    await bid(a!.token, item.code, '120');
    rig.clock.now = listing.end_at;
    await runJobs(rig);
    const order = (await bindBox(rig, 'getNeedPayNFTOrder', a!.token, {})).body.message.data[0];
    expect(order).toMatchObject({ price: '120', margin: '10', status: 'unpaid', due_at: listing.end_at + DAY_MS });
    // The winning bid's 110 above the margin stays frozen until paid.
    expect(await spot(rig, a!.id)).toEqual({ available: '880', frozen: '110' });
    const stranger = await makeUser(rig.test);
    expect((await bindBox(rig, 'payNFTOrder', stranger.token, { id: order.id })).body.code).toBe('not_found');
    rig.clock.now += DAY_MS - 1;
    const paid = await bindBox(rig, 'payNFTOrder', a!.token, { id: order.id, client_id: 'pay-1' });
    expect(paid.body.message).toMatchObject({ status: 'paid', price: '120' });
    expect(await spot(rig, a!.id)).toEqual({ available: '880', frozen: '0' });
    expect((await bindBox(rig, 'payNFTOrder', a!.token, { id: order.id })).body.code).toBe('nft_order_closed');
    const detail = await bindBox(rig, 'getBoxDetail', a!.token, { code: item.code }, 'GET');
    expect(detail.body.message.owner).toMatchObject({ self: true });
    expect(detail.body.message.history.map((h: { reason: string }) => h.reason)).toEqual(['mint', 'auction']);
    const held = await bindBox(rig, 'getMyNFTs', a!.token, { status: 'held' });
    expect(held.body.message.data.map((n: { code: string }) => n.code)).toEqual([item.code]);
    const kinds = (await bindBox(rig, 'getNFTOrderMessage', a!.token, {})).body.message.data.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['auction_won', 'order_paid']));
    await expectLedgerBalanced(rig.test);
  });

  it('with many bidders: every margin but the winner\'s is returned exactly once, whatever runs the job and how often', async () => {
    const { item, listing } = await listAuction(rig);
    const users = await bidders(4);
    for (const user of users) await margin(user.token, item.code);
    for (const [i, user] of users.entries()) await bid(user.token, item.code, String(100 + i * 5));
    rig.clock.now = listing.end_at;
    const other = rig.service();
    const runs = await Promise.all([runJobs(rig), runJobs(rig, other), runJobs(rig)]);
    expect(runs.reduce((sum, r) => sum + r.ended, 0)).toBe(1);
    await runJobs(rig, other);
    for (const user of users.slice(0, 3)) expect(await spot(rig, user.id)).toEqual({ available: '1000', frozen: '0' });
    expect(await spot(rig, users[3]!.id)).toEqual({ available: '885', frozen: '105' });
    const returns = await rig.test.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'nft_margin_return'));
    expect(returns.filter((e) => e.refId.startsWith(`${listing.id}:`))).toHaveLength(3);
    const margins = await rig.test.db.select().from(nftMargins).where(eq(nftMargins.listingId, listing.id));
    expect(margins.map((m) => m.status).sort()).toEqual(['held', 'returned', 'returned', 'returned']);
    expect(rig.errors).toEqual([]);
    await expectLedgerBalanced(rig.test);
  });

  it('an unpaid winner forfeits the margin to the seller (the platform here), the order expires and the item stays with its owner', async () => {
    const { item, listing } = await listAuction(rig);
    const [a, b] = await bidders(2);
    await margin(a!.token, item.code);
    await margin(b!.token, item.code);
    await bid(a!.token, item.code, '100');
    await bid(b!.token, item.code, '105');
    rig.clock.now = listing.end_at;
    await runJobs(rig);
    const order = (await bindBox(rig, 'getNeedPayNFTOrder', b!.token, {})).body.message.data[0];
    rig.clock.now = order.due_at;
    expect((await bindBox(rig, 'payNFTOrder', b!.token, { id: order.id })).body.code).toBe('nft_order_expired');
    const before = (await admin(rig, '', {}, 'GET')).balances.find((x: { system: string }) => x.system === 'nft_sales')?.balance ?? '0';
    expect((await runJobs(rig)).expired).toBe(1);
    expect((await runJobs(rig)).expired).toBe(0);
    const after = (await admin(rig, '', {}, 'GET')).balances.find((x: { system: string }) => x.system === 'nft_sales').balance;
    expect(Number(after) - Number(before)).toBe(10);
    expect(await spot(rig, b!.id)).toEqual({ available: '990', frozen: '0' });
    expect(await spot(rig, a!.id)).toEqual({ available: '1000', frozen: '0' });
    const expired = await bindBox(rig, 'getNeedPayNFTOrder', b!.token, { status: 'expired' });
    expect(expired.body.message.data[0]).toMatchObject({ id: order.id, status: 'expired' });
    const detail = await bindBox(rig, 'getBoxDetail', undefined, { code: item.code }, 'GET');
    expect(detail.body.message.owner).toBeNull();
    expect(detail.body.message.listing.status).toBe('unsold');
    const kinds = (await bindBox(rig, 'getNFTOrderMessage', b!.token, {})).body.message.data.map((m: { kind: string }) => m.kind);
    expect(kinds).toContain('order_expired');
    // The platform may list it again.
    await admin(rig, '/listings', { item_id: item.id, sale_type: 'normal', currency_id: rig.usdt, price: '50', start_at: rig.now(), end_at: rig.now() + DAY_MS });
    await expectLedgerBalanced(rig.test);
  });
});

describe('a user\'s auction (resale)', () => {
  it('pays the seller the winning price less the fee, and gives the seller the margin of a winner who does not pay', async () => {
    const { item } = await listFixed(rig, '10');
    const seller = await fundedUser(rig, '10');
    await bindBox(rig, 'buyNFT', seller.token, { code: item.code });
    const resold = await bindBox(rig, 'resellNFT', seller.token, { code: item.code, price: '100', sale_type: 'auction', times: 1, increment: '10', margin: '20', client_id: 'resell-1' });
    await admin(rig, '/review', { listing_id: resold.body.message.id, decision: 'approve' });
    const [a, b] = await bidders(2);
    await margin(a!.token, item.code);
    await margin(b!.token, item.code);
    await bid(a!.token, item.code, '100');
    await bid(b!.token, item.code, '110');
    rig.clock.now += DAY_MS;
    await runJobs(rig);
    // B won and does not pay: B's margin goes to the seller, A's came back at the end.
    rig.clock.now += DAY_MS;
    await runJobs(rig);
    expect(await spot(rig, seller.id)).toEqual({ available: '20', frozen: '0' });
    expect(await spot(rig, a!.id)).toEqual({ available: '1000', frozen: '0' });
    expect(await spot(rig, b!.id)).toEqual({ available: '980', frozen: '0' });
    const kinds = (await bindBox(rig, 'getNFTOrderMessage', seller.token, {})).body.message.data.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['auction_sold', 'margin_forfeited_to_you']));
    // The seller holds the item again and relists it; this time the winner pays.
    expect((await bindBox(rig, 'getMyNFTs', seller.token, { status: 'held' })).body.message.data.map((n: { code: string }) => n.code)).toContain(item.code);
    const again = await bindBox(rig, 'resellNFT', seller.token, { code: item.code, price: '100', sale_type: 'auction', times: 1, increment: '10', margin: '20' });
    await admin(rig, '/review', { listing_id: again.body.message.id, decision: 'approve' });
    await margin(a!.token, item.code);
    await bid(a!.token, item.code, '100');
    rig.clock.now += DAY_MS;
    await runJobs(rig);
    const order = (await bindBox(rig, 'getNeedPayNFTOrder', a!.token, {})).body.message.data[0];
    expect((await bindBox(rig, 'payNFTOrder', a!.token, { id: order.id })).body.message.status).toBe('paid');
    // 100 less 2.5 %: 97.5 to the seller.
    expect(await spot(rig, seller.id)).toEqual({ available: '117.5', frozen: '0' });
    expect(await spot(rig, a!.id)).toEqual({ available: '900', frozen: '0' });
    const history = (await bindBox(rig, 'getBoxDetail', undefined, { code: item.code }, 'GET')).body.message.history.map((h: { reason: string }) => h.reason);
    expect(history).toEqual(['mint', 'sale', 'auction']);
    await expectLedgerBalanced(rig.test);
  });
});

describe('bids backed by funds (review 2026-11-27, money finding 5)', () => {
  it('refuses the review\'s 999,999,999 USDT bid from a 4,000 USDT account, and the honest bidder wins and pays', async () => {
    const { item, listing } = await listAuction(rig);
    const attacker = await fundedUser(rig, '4000');
    const [honest, other] = await bidders(2);
    for (const user of [attacker, honest!, other!]) await margin(user.token, item.code);
    await bid(other!.token, item.code, '100');
    const locked = await bid(attacker.token, item.code, '999999999');
    expect(locked.body).toMatchObject({ type: 'error', code: 'insufficient_balance' });
    // Nothing of the refused bid stays: no hold, the lead and the leader's freeze unchanged.
    expect(await spot(rig, attacker.id)).toEqual({ available: '3990', frozen: '0' });
    expect(await spot(rig, other!.id)).toEqual({ available: '900', frozen: '90' });
    // Outbid, the other bidder's hold comes back at once; the honest bid freezes its 140 above the margin.
    expect((await bid(honest!.token, item.code, '150')).body.message).toMatchObject({ current_bid: '150', bid_count: 2 });
    expect(await spot(rig, other!.id)).toEqual({ available: '990', frozen: '0' });
    expect(await spot(rig, honest!.id)).toEqual({ available: '850', frozen: '140' });
    // Raising one's own lead swaps the hold for the new one (it is not frozen twice).
    await bid(honest!.token, item.code, '160');
    expect(await spot(rig, honest!.id)).toEqual({ available: '840', frozen: '150' });
    await expectLedgerBalanced(rig.test);
    rig.clock.now = listing.end_at;
    await runJobs(rig);
    const order = (await bindBox(rig, 'getNeedPayNFTOrder', honest!.token, {})).body.message.data[0];
    expect(order).toMatchObject({ price: '160', status: 'unpaid' });
    await expectLedgerBalanced(rig.test);
    expect((await bindBox(rig, 'payNFTOrder', honest!.token, { id: order.id })).body.message.status).toBe('paid');
    expect(await spot(rig, honest!.id)).toEqual({ available: '840', frozen: '0' });
    expect(await spot(rig, attacker.id)).toEqual({ available: '4000', frozen: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('fails the audit\'s nft_bids_backed check on a leading bid without its freeze', async () => {
    const { item } = await listAuction(rig);
    const [a] = await bidders(1);
    await margin(a!.token, item.code);
    await bid(a!.token, item.code, '100');
    const failed = await rig.test.db
      .transaction(async (tx) => {
        await tx.update(nftBids).set({ holdStatus: null }).where(eq(nftBids.userId, a!.id));
        const result = await audit(tx);
        throw Object.assign(new Error('rollback'), { result });
      })
      .catch((error: { result: Awaited<ReturnType<typeof audit>> }) => error.result);
    expect(offenders(failed, 'nft_bids_backed')).toEqual([expect.objectContaining({ user_id: a!.id, price: '100.000000000000000000' })]);
    await expectLedgerBalanced(rig.test);
  });
});

describe('the ledger audit', () => {
  it('checks that the auction_margins frozen bucket equals the margins held: a margin marked returned without its entry is reported', async () => {
    const { item, listing } = await listAuction(rig);
    const [a] = await bidders(1);
    await margin(a!.token, item.code);
    await expectLedgerBalanced(rig.test);
    await rig.test.db.update(nftMargins).set({ status: 'returned', settledAt: rig.now() }).where(eq(nftMargins.listingId, listing.id));
    const result = await audit(rig.test.db);
    expect(result.ok).toBe(false);
    await rig.test.db.update(nftMargins).set({ status: 'held', settledAt: null }).where(eq(nftMargins.listingId, listing.id));
    await expectLedgerBalanced(rig.test);
  });
});
