// Proves the NFT marketplace end to end in chromium against a server of its own whose clock the journey
// moves (TEST_CLOCK), set up through the back-office API as an operator would: an artwork is auctioned,
// the demo user pays the margin, bids, wins when the auction's end passes on the server's clock, pays
// before the deadline, owns the artwork and offers it for resale (under review); a blind-box series is
// published with its seed's hash, the user buys a box with their own seed, opens it (the animation, then
// the artwork drawn), and once the sale has ended and the seed is revealed verifies the draw in the
// browser. Figures on screen are the API's, and the ledger audit holds after each.
import type { NftAdminItemRow, NftAdminListingRow, NftAdminMediaRow, NftAdminSeriesRow, NftCurrencyView, NftDetailView, NftOrderView } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoToken } from '../support/api.ts';
import { openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, expectLedgerAudited, PNG, userApi } from '../support/funds.ts';
import { SLOW } from '../support/pages.ts';
import { moveClock, operatorLogin, startServer, type RunningServer } from '../support/server.ts';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

const browser = sharedBrowser();
let server: RunningServer;
let token: string;
let operator: string;
let usdt: NftCurrencyView;
let imageId: number;
let artistId: number;

const HOUR_MS = 3_600_000;
/** How long the server's jobs may take to see a moved clock (the scheduler passes every few seconds). */
const JOB_WAIT = { timeout: 45_000, interval: 500 };

const api = <T>(path: string, data: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'POST') => userApi<T>(server.baseUrl, `/bind_box${path}`, { token, data, method });
type Paged<T> = { data: T[]; total: number };

/** A back-office call that must succeed: its answer. */
async function admin<T>(path: string, body?: object): Promise<T> {
  const answer = await adminCall<T>(server.baseUrl, operator, `/nft${path}`, body);
  if (answer.type !== 'ok') throw new Error(`admin ${path}: ${JSON.stringify(answer)}`);
  return answer.message;
}

/** Uploads a picture through the back office (checked by its magic bytes): its media row. */
async function uploadPicture(): Promise<NftAdminMediaRow> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  const res = await fetch(`${server.baseUrl}/api/admin/nft/media`, { method: 'POST', headers: operatorHeaders(operator), body: form });
  const body = (await res.json()) as { type: string; message: NftAdminMediaRow };
  if (body.type !== 'ok') throw new Error(`media upload: ${JSON.stringify(body)}`);
  return body.message;
}

const clock = (advanceMs?: number) => moveClock(server.baseUrl, advanceMs);

const expectAuditOk = () => expectLedgerAudited(server.baseUrl, operator);

const phone = (route: string) => openPhoneAs(browser(), server.baseUrl, token, route);

/** A figure of a label/value list: the value beside its label. */
const figure = (page: Page, label: string) => page.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd').innerText();

/** Confirms the dialog open now, after checking it says `text`. */
async function confirm(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor(SLOW);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached', ...SLOW });
}

/** A platform artwork of the journey, drawn with the uploaded picture. */
const artwork = (title: string, rarity: string) =>
  admin<NftAdminItemRow>('/artworks', { title_en: title, title_zh: '', description_en: `${title}, made for the journey.`, description_zh: '', media_type: 'image', media_id: imageId, cover_media_id: imageId, artist_id: artistId, rarity });

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK: '1' });
  token = await demoToken(server.baseUrl);
  operator = await operatorLogin(server.baseUrl);
  const coins = await userApi<NftCurrencyView[]>(server.baseUrl, '/bind_box/getNftCurrency', { method: 'GET' });
  usdt = coins.find((coin) => coin.name === 'USDT')!;
  imageId = (await uploadPicture()).id;
  const artist = await admin<{ id: number }>('/artists', { name_en: 'Journey Artist', name_zh: '', bio_en: 'Draws for the end-to-end journey.', bio_zh: '', enabled: true, sort: 0 });
  artistId = artist.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('NFT marketplace', () => {
  it('pays the margin, bids, wins the auction when it ends on the server clock, pays before the deadline, then resells it for review', async () => {
    const item = await artwork('Harbour at Dusk', 'epic');
    const now = await clock();
    await admin<NftAdminListingRow>('/listings', { item_id: item.id, sale_type: 'auction', currency_id: usdt.id, price: '100', increment: '5', margin: '10', start_at: now - 60_000, end_at: now + HOUR_MS });

    const { page, close, errors } = await phone(`/pages/nft/artworkDetail?code=${item.code}`);
    await page.getByRole('heading', { name: 'Harbour at Dusk' }).waitFor(SLOW);
    expect(await figure(page, 'Starting price')).toBe('100 USDT');
    await expect.poll(() => page.getByRole('timer').first().innerText(), SLOW).toMatch(/^Ends in 00:5\d:\d\d$/);
    await page.getByRole('link', { name: 'Bid', exact: true }).click();

    // Step 1: the margin, confirmed.
    await page.getByRole('button', { name: 'Pay the margin' }).click();
    await confirm(page, 'Pay a margin of 10 USDT to bid on Harbour at Dusk?');
    const bid = page.getByLabel('Your bid');
    await bid.waitFor(SLOW);
    expect(await bid.getAttribute('placeholder')).toBe('At least 100 USDT');

    // Below the starting price: refused under the field, nothing sent.
    await bid.fill('99');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Your bid must be at least 100 USDT');
    await bid.fill('100');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await confirm(page, 'Bid 100 USDT on Harbour at Dusk? A bid cannot be withdrawn.');
    await expect.poll(async () => (await api<NftDetailView>('/getBoxDetail', { code: item.code }, 'GET')).listing?.current_bid, SLOW).toBe('100');
    const bids = page.getByRole('region', { name: 'Bids' });
    await expect.poll(() => bids.innerText(), SLOW).toContain('Leading');
    await screenshot(page, 'nft-bid');

    // The end passes on the server's clock: the single bidder wins and has a day to pay.
    await clock(HOUR_MS + 60_000);
    await expect.poll(async () => (await api<Paged<NftOrderView>>('/getNeedPayNFTOrder', { status: 'unpaid' })).data[0]?.code, JOB_WAIT).toBe(item.code);
    const [won] = (await api<Paged<NftOrderView>>('/getNeedPayNFTOrder', { status: 'unpaid' })).data;
    expect(won).toMatchObject({ price: '100', margin: '10', status: 'unpaid' });

    await page.goto(`/#/pages/nft/purchase?tab=toPay`);
    const toPay = page.getByRole('list', { name: 'To pay' });
    await toPay.waitFor(SLOW);
    const row = toPay.getByRole('listitem').filter({ hasText: item.code });
    expect(await row.innerText()).toContain('90 USDT');
    await row.getByRole('button', { name: 'Pay now' }).click();
    await confirm(page, 'Pay 90 USDT for Harbour at Dusk? Your margin of 10 USDT is returned with it.');
    await expect.poll(async () => (await api<Paged<NftOrderView>>('/getNeedPayNFTOrder', { status: 'all' })).data.find((o) => o.id === won!.id)?.status, SLOW).toBe('paid');

    // The artwork is the user's now, its history ending with the auction.
    await page.goto(`/#/pages/nft/artworkDetail?code=${item.code}`);
    await expect.poll(() => figure(page, 'Owner'), SLOW).toBe('You');
    await expect.poll(() => page.getByRole('region', { name: 'Transfer history' }).innerText(), SLOW).toContain('Won at auction');
    await page.goto('/#/pages/nft/purchase?tab=messages');
    await expect.poll(() => page.getByRole('list', { name: 'Messages' }).innerText(), SLOW).toContain('You won Harbour at Dusk at 100 USDT');
    await screenshot(page, 'nft-won');

    // Offered again: irrevocable once confirmed, then under customer service's review.
    await page.goto(`/#/pages/nft/resell?code=${item.code}`);
    await page.getByLabel('Price', { exact: true }).fill('150');
    await page.getByLabel('Days on sale').fill('5');
    // The fee rate and the net proceeds show before the irrevocable confirmation: 150 x (1 - 2.5 %) = 146.25.
    expect(await figure(page, 'Platform fee')).toBe('2.5%');
    expect(await figure(page, 'You receive')).toBe('146.25 USDT');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await confirm(page, 'Resell Harbour at Dusk at 150 USDT (Fixed price) for 5 days? The platform keeps 3.75 USDT (2.5%) and you receive 146.25 USDT. This cannot be undone.');
    await expect.poll(() => page.url(), SLOW).toContain('/pages/nft/mine?tab=reselling');
    const reselling = page.getByRole('list', { name: 'Reselling' });
    await expect.poll(() => reselling.innerText(), SLOW).toContain('Under review');
    expect(errors).toEqual([]);
    await close();
    await expectAuditOk();
  }, 120_000);

  it('buys a blind box with its own seed, opens it, and verifies the draw once the seed is revealed', async () => {
    const first = await artwork('Tide Pool', 'common');
    const second = await artwork('Lighthouse', 'legendary');
    const now = await clock();
    const series = await admin<NftAdminSeriesRow>('/series', {
      title_en: 'Harbour box',
      title_zh: '',
      description_en: 'Two prints, drawn fairly.',
      description_zh: '',
      cover_media_id: imageId,
      currency_id: usdt.id,
      price: '20',
      start_at: now - 60_000,
      end_at: now + HOUR_MS,
    });
    await admin('/series/pool', { series_id: series.id, item_id: first.id, weight: 3 });
    await admin('/series/pool', { series_id: series.id, item_id: second.id, weight: 1 });
    const published = await admin<NftAdminSeriesRow>('/series/publish', { series_id: series.id });
    expect(published.seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const { page, close, errors } = await phone(`/pages/nft/artworkDetail?code=${series.code}`);
    const pool = page.getByRole('region', { name: 'Pool and odds' });
    await pool.waitFor(SLOW);
    expect(await pool.innerText()).toContain('Chance 75.00%');
    expect(await pool.innerText()).toContain(published.seed_hash!);
    await page.getByRole('link', { name: 'Buy a box' }).click();
    await page.getByLabel('Your seed').fill('journey-seed');
    await page.getByRole('button', { name: 'Buy a box' }).click();
    await confirm(page, 'Buy one box of Harbour box for 20 USDT?');

    // The box's page: the seed fixed at purchase shown to its owner (no field to change it), opened after
    // a confirmation, with the animation first.
    await expect.poll(() => page.url(), SLOW).toContain('code=BOX-');
    await page.getByRole('region', { name: 'Open the box' }).getByText('journey-seed').waitFor(SLOW);
    expect(await page.getByLabel('Your seed').count()).toBe(0);
    await page.getByRole('button', { name: 'Open the box' }).click();
    await confirm(page, 'now? The draw is final.');
    const reveal = page.getByRole('dialog', { name: 'You got' });
    await reveal.waitFor(SLOW);
    const drawnTitle = await reveal.locator('strong').innerText();
    expect(['Tide Pool', 'Lighthouse']).toContain(drawnTitle);
    await screenshot(page, 'nft-box-opened');
    await reveal.getByRole('link', { name: 'View the artwork' }).click();
    await expect.poll(() => figure(page, 'Owner'), SLOW).toBe('You');
    const drawnCode = new URL(page.url()).hash.split('code=')[1]!;
    await expect.poll(() => page.locator('#root').innerText(), SLOW).toContain('The server seed is revealed once the sale has ended.');

    // The sale ends: the server seed is published and the browser recomputes the draw.
    await clock(HOUR_MS + 60_000);
    await expect.poll(async () => (await api<NftDetailView>('/getBoxDetail', { code: drawnCode }, 'GET')).draw?.server_seed ?? null, JOB_WAIT).not.toBeNull();
    await page.reload();
    await page.getByRole('button', { name: 'Verify in this browser' }).click();
    const verdict = page.getByRole('status').filter({ hasText: 'Verified' });
    await expect.poll(() => verdict.innerText(), SLOW).toContain('Verified: this draw is exactly what the published rules give');
    expect(await verdict.innerText()).toContain('The seed matches the hash published before the sale');
    await screenshot(page, 'nft-draw-verified');
    expect(errors).toEqual([]);
    await close();
    await expectAuditOk();
  }, 120_000);
});
