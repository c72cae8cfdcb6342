// Proves the public transparency page in chromium against the real built server, logged out: home links
// to it; the ledger audit shows its last run with every check by its name; the market maker's holdings,
// funding and open orders are the figures the server computed from its ledger (GET /api/transparency);
// the page fits a 375 px phone in English (light) and Chinese (dark) with no console error.
import { LEDGER_AUDIT_CHECKS, type TransparencyAnswer } from '@fairex/contract';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../../apps/web/src/i18n/en.ts';
import { enPages } from '../../apps/web/src/i18n/en-pages.ts';
import { transparency as zh } from '../../apps/web/src/i18n/transparency/zh.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { overflowing } from '../support/layout.ts';
import { hashOf, settled, SLOW } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const labels = enPages.transparency;
/** The scheduled audit's first run comes with the scheduler's first pass after the start. */
const AUDIT_WAIT_MS = 90_000;

async function transparency(): Promise<TransparencyAnswer> {
  const res = await fetch(`${baseUrl}/api/transparency`);
  const body = (await res.json()) as { type: string; message: TransparencyAnswer };
  if (body.type !== 'ok') throw new Error(`GET /api/transparency: ${JSON.stringify(body)}`);
  return body.message;
}

describe('transparency', () => {
  it('opens from home logged out and shows the audit checks by name and the market maker\'s real figures', async () => {
    await expect.poll(async () => (await transparency()).audit !== null, { timeout: AUDIT_WAIT_MS, interval: 2_000 }).toBe(true);
    const answer = await transparency();
    const maker = answer.market_maker!;
    expect(maker.holdings.length).toBeGreaterThan(0);

    const { context, page, errors } = await openPhone(browser(), baseUrl);
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/');
      await page.getByRole('link', { name: en.home.transparency }).click(SLOW);
      await expect.poll(() => hashOf(page)).toBe('#/pages/common/transparency');
      await settled(page);

      const audit = page.getByRole('region', { name: labels.audit.title });
      await audit.waitFor(SLOW);
      for (const name of LEDGER_AUDIT_CHECKS) await expect.poll(() => audit.getByText(labels.audit.checks[name], { exact: true }).count()).toBe(1);
      await expect.poll(() => audit.getByText(labels.audit.passed, { exact: true }).count()).toBe(1);

      const mm = page.getByRole('region', { name: labels.marketMaker.title });
      const rows = await mm.getByRole('table', { name: labels.marketMaker.holdings }).getByRole('row').allInnerTexts();
      expect(rows.slice(1).map((r) => r.split(/\s+/).join(' '))).toEqual(maker.holdings.map((h) => `${h.coin} ${h.available} ${h.frozen}`));
      const funding = await mm.getByRole('list', { name: labels.marketMaker.funding }).innerText();
      for (const f of maker.funding) expect(funding).toContain(f.amount);
      expect(maker.funding.some((f) => f.kind === 'market_maker_funding')).toBe(true);
      if (maker.open_orders.length > 0) {
        const orders = await mm.getByRole('list', { name: labels.marketMaker.openOrders }).innerText();
        for (const o of maker.open_orders) expect(orders).toContain(o.symbol);
      }
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, 'transparency-en-light');

      // Chinese, dark theme: the same page translated, and still fitting.
      await page.evaluate(() => {
        localStorage.setItem('lang', 'zh');
        localStorage.setItem('theme', 'dark');
      });
      await page.reload();
      await settled(page);
      await page.getByRole('region', { name: zh.audit.title }).waitFor(SLOW);
      await expect.poll(() => page.getByText(zh.audit.checks.entries_balance, { exact: true }).count()).toBe(1);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, 'transparency-zh-dark');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
