// Proves copy trading end to end in chromium against the run's server (a development start: the demo
// traders are seeded): the demo user, on a phone, opens a demo trader's page from the trader list, follows
// them at 1x through the follow form and its confirmation; the trader opens a BTCUSDT position through the
// API and the follower sees the copy appear in "My copies" (same price, same lots, self-hold offered); the
// trader closes and the follower sees the copy closed with the trader in the history. Then the copy-trading
// screens in all eight languages and both themes at 360 px (no overflow, no key left showing), and the back
// office's Copy trading screen with the trader and the follow. The demo traders' own trading is paused for
// the journey (the back office's setting) so only the test's orders move; the ledger audit holds.
import { LANGS, type CopyPositionPage, type CopySettingsView, type FollowPage, type Lang, type TraderCard } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoToken, operatorToken } from '../support/api.ts';
import { openDesktop, operatorLogin } from '../support/back-office.ts';
import { openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, expectLedgerAudited, userApi } from '../support/funds.ts';
import { settled, SLOW } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const operator = operatorToken();
const TRADER = { account: 'trader-alpha@fairex.local', password: 'demo123456' };

type Quotation = { id: number; symbol: string; kind: string; legal_id: number };
type Position = { id: number; status: string; open_price: string; share: number };

let follower: string;
let trader: string;
let traderId: number;
let btc: Quotation;
let settings: CopySettingsView;

const api = <T>(token: string, path: string, data: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'POST') => userApi<T>(baseUrl, path, { token, data, method });
const saveSettings = (demo_trading: boolean) => adminCall<CopySettingsView>(baseUrl, operator, '/copy/settings', { ...settings, demo_trading });

async function login(account: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: account, password }),
  });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return body.message;
}

beforeAll(async () => {
  settings = (await adminCall<CopySettingsView>(baseUrl, operator, '/copy/settings')).message;
  expect((await saveSettings(false)).type).toBe('ok');
  follower = await demoToken(baseUrl);
  trader = await login(TRADER.account, TRADER.password);
  const traders = await api<{ data: TraderCard[] }>(follower, '/follow/index', { sort: 'followers' }, 'GET');
  traderId = traders.data.find((t) => t.name === 'Alpha demo')!.trader_user_id;
  // Whatever the demo trader held before the pause closes now (its followers' copies with it).
  await api(trader, '/lever/batch_close', { type: 0 });
  const quotations = (await (await fetch(`${baseUrl}/api/currency/quotation_new`)).json()).message as Quotation[];
  btc = quotations.find((q) => q.symbol === 'BTCUSDT' && q.kind === 'futures')!;
  await api(follower, '/wallet/change', { currency_id: btc.legal_id, number: '500', from_field: 'change', to_field: 'lever' });
});

afterAll(async () => {
  await saveSettings(settings.demo_trading);
});

describe('copy trading', () => {
  it('follows a trader from the list, sees the copy open with the trader and close with the trader', async () => {
    const { page, context, errors } = await openPhoneAs(browser(), baseUrl, follower, '/pages/follow/index');
    await page.getByRole('link', { name: 'Alpha demo' }).first().click();
    await expect.poll(() => page.url(), SLOW).toContain(`/pages/follow/trader?id=${traderId}`);
    await page.getByRole('region', { name: 'Statistics' }).waitFor(SLOW);
    await screenshot(page, 'copy-trader');
    await page.getByRole('link', { name: 'Follow', exact: true }).click();
    await expect.poll(() => page.url(), SLOW).toContain('/pages/follow/follow');
    const form = page.getByRole('form', { name: 'Follow settings' });
    await form.getByLabel('Multiple').fill('1');
    await screenshot(page, 'copy-follow-form');
    await form.getByRole('button', { name: 'Follow', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText(), SLOW).toContain('Follow Alpha demo with Fixed multiple 1x?');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await api<FollowPage>(follower, '/follow/myFollows', {}, 'GET')).data.map((f) => f.trader_user_id), SLOW).toContain(traderId);
    // Once followed, the form leads to the hub, which lists the follow.
    await expect.poll(() => page.url(), SLOW).toContain('/pages/copytrade/copy');
    await page.getByText('Alpha demo').first().waitFor(SLOW);

    // The trader opens 2 lots: the follower's copy appears in My copies, live.
    await page.goto('/#/pages/copytrade/my?tab=current');
    await page.getByText('No open copies').waitFor(SLOW);
    const opened = await api<Position>(trader, '/lever/submit', { currency_id: btc.id, legal_id: btc.legal_id, share: 2, multiple: 10, type: 1, status: 1 });
    await expect.poll(async () => (await api<CopyPositionPage>(follower, '/follow/myCopies', { status: 'current' }, 'GET')).data.find((c) => c.copy_of === opened.id), SLOW).toBeTruthy();
    const copy = (await api<CopyPositionPage>(follower, '/follow/myCopies', { status: 'current' }, 'GET')).data.find((c) => c.copy_of === opened.id)!;
    // A copy opens at the mark when the mirror runs (it cites that tick), not at the trader's earlier price.
    expect(copy).toMatchObject({ share: 2, trader_name: 'Alpha demo', self_held: false });
    expect(Number(copy.open_price)).toBeGreaterThan(0);
    const item = page.getByRole('article', { name: `BTCUSDT ${copy.id}` });
    await item.waitFor(SLOW);
    expect(await item.getByRole('button', { name: `Self-hold ${copy.id}` }).isVisible()).toBe(true);
    await screenshot(page, 'copy-my-current');

    // The trader closes: the copy closes at the same tick, and shows in the history.
    const closed = await api<Position & { close_tick_id: string }>(trader, '/lever/close', { id: opened.id });
    await expect.poll(async () => (await api<CopyPositionPage>(follower, '/follow/myCopies', { status: 'history' }, 'GET')).data.find((c) => c.id === copy.id)?.close_tick_id, SLOW).toBe(closed.close_tick_id);
    await expect.poll(() => item.count(), SLOW).toBe(0);
    await page.getByRole('tab', { name: 'History' }).click();
    const done = page.getByRole('article', { name: `BTCUSDT ${copy.id}` });
    await done.waitFor(SLOW);
    expect(await done.innerText()).toContain('Closed with the trader');
    await screenshot(page, 'copy-my-history');
    expect(errors).toEqual([]);
    await context.close();
    await expectLedgerAudited(baseUrl, operator);
  });
});

/** Text that looks like a copy catalogue key (`copy.form.title`): i18next shows the key when a text is missing. */
const KEY_SHAPE = /\bcopy\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*\b/;

describe('the copy-trading screens on a small phone', () => {
  it('fit 360 px in every language and theme', async () => {
    const routes = ['/pages/follow/index', `/pages/follow/trader?id=${traderId}`, `/pages/follow/follow?id=${traderId}`, '/pages/copytrade/copy', '/pages/copytrade/my?tab=history', '/pages/copytrade/trader', '/pages/follow/agreement_en'];
    const { page, context, errors } = await openPhoneAs(browser(), baseUrl, follower, '/pages/follow/index', { width: 360 });
    for (const [index, lang] of (['en', ...LANGS.filter((l) => l !== 'en')] as Lang[]).entries()) {
      const theme = index % 2 === 0 ? 'light' : 'dark';
      await page.evaluate(([l, th]) => {
        localStorage.setItem('lang', l!);
        localStorage.setItem('theme', th!);
      }, [lang, theme]);
      // One load per language; the routes then change as the app moves (the hash, no reload).
      await page.reload();
      for (const route of routes) {
        const where = `${lang} ${theme} ${route}`;
        // The page left is marked, so the wait below is for the new one.
        await page.evaluate((r) => {
          for (const left of document.querySelectorAll('.page')) left.setAttribute('data-left', '');
          location.hash = `#${r}`;
        }, route);
        await page.locator('.page:not([data-left])').first().waitFor(SLOW);
        await settled(page, where);
        expect((await page.locator('#root').innerText()).match(KEY_SHAPE)?.[0], where).toBeUndefined();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(360);
      }
      if (lang === 'fra') await screenshot(page, `copy-fra-${theme}-trader`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('copy trading in the back office', () => {
  it('lists the approved trader and the demo follows, each with its figures', async () => {
    const { page, context } = await openDesktop(browser(), baseUrl);
    await operatorLogin(page);
    await page.getByRole('menuitem', { name: 'Copy trading' }).click();
    await page.getByRole('heading', { name: 'Copy trading' }).waitFor(SLOW);
    await page.goto('/admin/#/copy?tab=traders&status=approved');
    const row = page.getByRole('row').filter({ hasText: TRADER.account });
    await row.waitFor(SLOW);
    expect(await row.innerText()).toContain('Approved');
    await screenshot(page, 'copy-back-office');
    await page.getByRole('tab', { name: 'Follows' }).click();
    await page.getByRole('row').filter({ hasText: 'follower-one@fairex.local' }).filter({ hasText: 'Alpha demo' }).first().waitFor(SLOW);
    await context.close();
    // The journey's own follow ends (the demo user follows no one after it).
    if ((await api<FollowPage>(follower, '/follow/myFollows', {}, 'GET')).total > 0) {
      expect((await api<{ status: string }>(follower, '/follow/cancel', { follow_user_id: traderId })).status).toBe('cancelled');
    }
    await expectLedgerAudited(baseUrl, operator);
  });
});
