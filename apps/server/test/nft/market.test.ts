// Proves the NFT catalogue, fixed-price sales and resale on a real database through /bind_box/*: the
// buy status by the server's clock (2 before the start, 1 on sale, 0 sold or ended), a purchase paying
// the platform (or a reselling user less the fee, the fee to `fees`) and moving the item with its
// history row in one transaction, two buyers racing for one item (one wins, the other's money never
// moves), favourites, getMyNFTs (held, reselling, sold), resale under review (approved, refused,
// relisted after ending unsold), and refusals with the envelope and translated messages. The ledger
// audit runs after every money scenario.
import { DAY_MS, errorMessage } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { admin, bindBox, fundedUser, listFixed, runJobs, spot, useNftRig } from './support.ts';

const rig = useNftRig();

const buy = (token: string, code: string) => bindBox(rig, 'buyNFT', token, { code });
const detail = (code: string, token?: string) => bindBox(rig, 'getBoxDetail', token, { code }, 'GET');

describe('the catalogue', () => {
  it('lists what is on sale first with its buy status, filters, and answers details in the reader\'s language', async () => {
    const onSale = await listFixed(rig, '100');
    const later = await listFixed(rig, '100', { start_at: rig.now() + DAY_MS, end_at: rig.now() + 2 * DAY_MS });
    const list = await bindBox(rig, 'getBoxList', undefined, { sale_type: 'normal' }, 'GET');
    expect(list.body.type).toBe('ok');
    const rows = list.body.message.data as { code: string; buy_status: number; price: string; currency: string; media_type: string }[];
    expect(rows.find((r) => r.code === onSale.item.code)).toMatchObject({ buy_status: 1, price: '100', currency: 'USDT', media_type: 'image' });
    expect(rows.find((r) => r.code === later.item.code)).toMatchObject({ buy_status: 2 });
    expect(rows.findIndex((r) => r.code === onSale.item.code)).toBeLessThan(rows.findIndex((r) => r.code === later.item.code));
    const upcoming = await bindBox(rig, 'getBoxList', undefined, { status: 2 }, 'GET');
    expect(upcoming.body.message.data.every((r: { buy_status: number }) => r.buy_status === 2)).toBe(true);
    const keyword = await bindBox(rig, 'getBoxList', undefined, { keyword: onSale.item.code }, 'GET');
    expect(keyword.body.message.data.map((r: { code: string }) => r.code)).toEqual([onSale.item.code]);
    const page = await detail(onSale.item.code);
    expect(page.body.message).toMatchObject({ kind: 'artwork', title: 'Blue hour', rarity: 'rare', owner: null, artist: { name: 'Ada Pixel' }, favourite: null });
    expect(page.body.message.media.url).toMatch(/^\/nft-media\//);
    expect(page.body.message.history.map((h: { reason: string }) => h.reason)).toEqual(['mint']);
    expect((await bindBox(rig, 'getNftCurrency', undefined, {}, 'GET')).body.message.map((c: { name: string }) => c.name)).toEqual(['USDT']);
    const artists = await bindBox(rig, 'getArtist', undefined, {}, 'GET');
    const uid = artists.body.message.data[0].uid;
    const artist = await bindBox(rig, 'getArtistDetail', undefined, { uid }, 'GET');
    expect(artist.body.message.artist.name).toBe('Ada Pixel');
    expect(artist.body.message.listings.length).toBeGreaterThan(0);
    expect((await bindBox(rig, 'getBoxDetail', undefined, { code: 'bad code' }, 'GET')).body).toMatchObject({ type: 'error', code: 'parameter_error' });
    expect((await bindBox(rig, 'getBoxDetail', undefined, { code: 'NFT-99999999' }, 'GET')).body.code).toBe('not_found');
  });

  it('toggles a favourite for its user only, and lists the favourites', async () => {
    const { item } = await listFixed(rig);
    const user = await makeUser(rig.test);
    expect((await bindBox(rig, 'collect', undefined, { code: item.code })).body.type).toBe('999');
    expect((await bindBox(rig, 'collect', user.token, { code: item.code })).body.message).toEqual({ code: item.code, favourite: true });
    expect((await detail(item.code, user.token)).body.message.favourite).toBe(true);
    const favs = await bindBox(rig, 'getBoxList', user.token, { favourite: 1 }, 'GET');
    expect(favs.body.message.data.map((r: { code: string }) => r.code)).toEqual([item.code]);
    const other = await makeUser(rig.test);
    expect((await detail(item.code, other.token)).body.message.favourite).toBe(false);
    expect((await bindBox(rig, 'collect', user.token, { code: item.code })).body.message.favourite).toBe(false);
  });
});

describe('buying at a fixed price', () => {
  it('pays the platform, transfers the item with its history, and then shows it sold (buy status 0)', async () => {
    const { item } = await listFixed(rig, '99.5');
    const buyer = await fundedUser(rig, '100');
    const bought = await buy(buyer.token, item.code);
    expect(bought.body.message).toMatchObject({ code: item.code, price: '99.5', status: 'paid', sale_type: 'normal' });
    expect(await spot(rig, buyer.id)).toEqual({ available: '0.5', frozen: '0' });
    const page = (await detail(item.code, buyer.token)).body.message;
    expect(page.owner).toMatchObject({ self: true });
    expect(page.listing).toMatchObject({ status: 'sold', buy_status: 0 });
    expect(page.history.map((h: { reason: string; price: string | null }) => [h.reason, h.price])).toEqual([
      ['mint', null],
      ['sale', '99.5'],
    ]);
    const again = await buy(buyer.token, item.code);
    expect(again.body).toMatchObject({ type: 'error', code: 'nft_not_on_sale', message: errorMessage('nft_not_on_sale', 'en') });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses before the start and after the end (item not yet on sale or already ended), and without the balance', async () => {
    const early = await listFixed(rig, '10', { start_at: rig.now() + 1000, end_at: rig.now() + 2000 });
    const buyer = await fundedUser(rig, '15');
    expect((await bindBox(rig, 'buyNFT', buyer.token, { code: early.item.code, lang: 'zh' })).body.message).toBe(errorMessage('nft_not_on_sale', 'zh'));
    rig.clock.now += 2000;
    expect((await buy(buyer.token, early.item.code)).body.code).toBe('nft_not_on_sale');
    const dear = await listFixed(rig, '20');
    expect((await buy(buyer.token, dear.item.code)).body.code).toBe('insufficient_balance');
    expect(await spot(rig, buyer.id)).toEqual({ available: '15', frozen: '0' });
    expect((await detail(dear.item.code)).body.message.listing.buy_status).toBe(1);
    await expectLedgerBalanced(rig.test);
  });

  it('answers a retried purchase with the same idempotency key with the first answer, charging once', async () => {
    const { item } = await listFixed(rig, '30');
    const buyer = await fundedUser(rig, '100');
    const first = await call(rig.test.app, '/bind_box/buyNFT', { token: buyer.token, payload: { code: item.code, client_id: 'nft-buy-retry-1' } });
    const retry = await call(rig.test.app, '/bind_box/buyNFT', { token: buyer.token, payload: { code: item.code, client_id: 'nft-buy-retry-1' } });
    expect(first.body.type).toBe('ok');
    expect(retry.body).toEqual(first.body);
    expect(await spot(rig, buyer.id)).toEqual({ available: '70', frozen: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('lets exactly one of many buyers racing for one item win; the others\' money never moves', async () => {
    const { item } = await listFixed(rig, '50');
    const buyers = [];
    for (let i = 0; i < 5; i += 1) buyers.push(await fundedUser(rig, '50'));
    const answers = await Promise.all(buyers.map((b) => buy(b.token, item.code)));
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'nft_not_on_sale')).toHaveLength(4);
    const balances = await Promise.all(buyers.map((b) => spot(rig, b.id)));
    expect(balances.filter((b) => b.available === '0')).toHaveLength(1);
    expect(balances.filter((b) => b.available === '50')).toHaveLength(4);
    const history = (await detail(item.code)).body.message.history;
    expect(history.filter((h: { reason: string }) => h.reason === 'sale')).toHaveLength(1);
    await expectLedgerBalanced(rig.test);
  });
});

describe('resale under review', () => {
  async function owned(price = '100') {
    const { item } = await listFixed(rig, price);
    const owner = await fundedUser(rig, price);
    await buy(owner.token, item.code);
    return { item, owner };
  }
  const resell = (token: string, code: string, fields: Record<string, unknown> = {}) => bindBox(rig, 'resellNFT', token, { code, price: '200', sale_type: 1, times: 3, ...fields });

  it('waits for review as reselling, goes on sale when approved, and pays the seller the price less the fee', async () => {
    const { item, owner } = await owned();
    const stranger = await makeUser(rig.test);
    // The owner sees the fee before offering it again; nobody else is told.
    expect((await detail(item.code, owner.token)).body.message.resale_fee_ratio).toBe('0.025');
    expect((await detail(item.code, stranger.token)).body.message.resale_fee_ratio).toBeNull();
    expect((await detail(item.code)).body.message.resale_fee_ratio).toBeNull();
    expect((await resell(stranger.token, item.code)).body.code).toBe('not_found');
    const listed = await resell(owner.token, item.code);
    expect(listed.body.message).toMatchObject({ status: 'reviewing', resale: true, buy_status: 0, price: '200' });
    expect((await resell(owner.token, item.code)).body.code).toBe('nft_not_resellable');
    const reselling = await bindBox(rig, 'getMyNFTs', owner.token, { status: 'reselling' });
    expect(reselling.body.message.data[0]).toMatchObject({ code: item.code, listing: { status: 'reviewing' } });
    // The public does not see a resale under review.
    expect((await detail(item.code)).body.message.listing.status).toBe('sold');
    const queue = await admin(rig, '/listings', { status: 'reviewing' }, 'GET');
    expect(queue.data.map((r: { code: string }) => r.code)).toContain(item.code);
    await admin(rig, '/review', { listing_id: listed.body.message.id, decision: 'approve' });
    expect((await admin(rig, '/review', { listing_id: listed.body.message.id, decision: 'approve' }).catch((e: Error) => e.message))).toMatch(/already_reviewed/);
    const onSale = (await detail(item.code)).body.message.listing;
    expect(onSale).toMatchObject({ status: 'on_sale', buy_status: 1, end_at: rig.now() + 3 * DAY_MS });
    expect((await buy(owner.token, item.code)).body.code).toBe('nft_own_item');
    const buyer = await fundedUser(rig, '200');
    expect((await buy(buyer.token, item.code)).body.type).toBe('ok');
    // 2.5 % fee: 200 -> 195 to the seller.
    expect(await spot(rig, owner.id)).toEqual({ available: '195', frozen: '0' });
    const sold = await bindBox(rig, 'getMyNFTs', owner.token, { status: 'sold' });
    expect(sold.body.message.data[0]).toMatchObject({ code: item.code, sold: { price: '200', currency: 'USDT', reason: 'resale' } });
    expect((await bindBox(rig, 'getMyNFTs', buyer.token, { status: 'held' })).body.message.data[0].code).toBe(item.code);
    const history = (await detail(item.code)).body.message.history.map((h: { reason: string }) => h.reason);
    expect(history).toEqual(['mint', 'sale', 'resale']);
    await expectLedgerBalanced(rig.test);
  });

  it('returns the item when refused (with a reason), and lets a resale that ended unsold be listed again', async () => {
    const { item, owner } = await owned();
    const first = await resell(owner.token, item.code);
    const noReason = await bindBox(rig, 'resellNFT', owner.token, {});
    expect(noReason.body.type).toBe('error');
    await admin(rig, '/review', { listing_id: first.body.message.id, decision: 'reject', note: 'Price looks wrong' });
    const held = await bindBox(rig, 'getMyNFTs', owner.token, { status: 'held' });
    expect(held.body.message.data.map((n: { code: string }) => n.code)).toContain(item.code);
    const second = await resell(owner.token, item.code, { times: 1 });
    await admin(rig, '/review', { listing_id: second.body.message.id, decision: 'approve' });
    rig.clock.now += DAY_MS;
    await runJobs(rig);
    expect((await detail(item.code, owner.token)).body.message.listing.status).toBe('unsold');
    const kinds = (await bindBox(rig, 'getNFTOrderMessage', owner.token, {})).body.message.data.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['resale_rejected', 'resale_approved', 'resale_unsold']));
    const third = await resell(owner.token, item.code, { sale_type: 'auction', increment: '1', margin: '5' });
    expect(third.body.message).toMatchObject({ status: 'reviewing', sale_type: 'auction' });
    const message = (await bindBox(rig, 'getNFTOrderMessage', owner.token, {})).body.message.data[0];
    expect((await bindBox(rig, 'readNFTOrderMessage', owner.token, { id: message.id })).body.message).toEqual({ id: message.id, read: true });
    const stranger = await makeUser(rig.test);
    expect((await bindBox(rig, 'readNFTOrderMessage', stranger.token, { id: message.id })).body.code).toBe('not_found');
    await expectLedgerBalanced(rig.test);
  });
});
