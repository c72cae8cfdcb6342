// Proves a user's proof of liabilities in chromium against the real built server: a funded user, after an
// operator's snapshot, opens Settings → Proof of liabilities, sees their balance line, taps "Check my
// inclusion" and sees it verified by the page (each hash up to the root, and the snapshot the one
// GET /api/transparency/liabilities publishes); the downloaded file
// parses and equals the server's proof (GET /api/liabilities/proof); the page fits 375 px in English
// (light) and Chinese (dark) with no console error.
import { fromPolUnits, verifyProof, type LiabilitiesProofAnswer, type LiabilitiesSnapshotTaken } from '@fairex/contract';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../../apps/web/src/i18n/en.ts';
import { enPages } from '../../apps/web/src/i18n/en-pages.ts';
import { proof as zh } from '../../apps/web/src/i18n/proof/zh.ts';
import { operatorToken } from '../support/api.ts';
import { openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, apiUser, userApi, type CurrencyItem } from '../support/funds.ts';
import { overflowing } from '../support/layout.ts';
import { hashOf, settled, SLOW } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const labels = enPages.proof;
/** The development start's own snapshot may still be running: one at a time, so the operator's waits for it. */
const SNAPSHOT_WAIT_MS = 60_000;

/** POST /api/admin/liabilities/snapshot, again while another snapshot is still being taken. */
async function takeSnapshot(): Promise<number> {
  let taken: number | undefined;
  await expect
    .poll(
      async () => {
        const res = await adminCall<LiabilitiesSnapshotTaken>(baseUrl, operatorToken(), '/liabilities/snapshot', {});
        if (res.type === 'ok') taken = res.message.id;
        else expect(res.code, JSON.stringify(res)).toBe('too_many_requests');
        return taken;
      },
      { timeout: SNAPSHOT_WAIT_MS, interval: 1_000 },
    )
    .toBeGreaterThan(0);
  return taken!;
}

/** The check's result, line by line: the path's verdict, then the comparison with the published snapshot. */
const resultOf = async (page: Page) => (await page.getByRole('status').innerText()).split('\n').filter((line) => line.trim() !== '');

describe('proof of liabilities', () => {
  it('a funded user checks their inclusion in the browser and downloads the very proof the server gives', async () => {
    const user = await apiUser(baseUrl, 'pol');
    const usdt = (await userApi<CurrencyItem[]>(baseUrl, '/currency/list', { method: 'GET' })).find((c) => c.name === 'USDT')!;
    const funded = await adminCall(baseUrl, operatorToken(), '/balances/adjust', { user_id: user.id, currency_id: usdt.id, kind: 'spot', amount: '250', reason: 'liabilities journey' });
    expect(funded.type, JSON.stringify(funded)).toBe('ok');
    const snapshotId = await takeSnapshot();

    const answer = await userApi<LiabilitiesProofAnswer>(baseUrl, '/liabilities/proof', { token: user.token, method: 'GET' });
    expect(answer.snapshot.id).toBe(snapshotId);
    const proof = answer.proof!;
    expect(proof.leaf.detail).toContain('USDT:spot:available=250');
    expect(fromPolUnits(BigInt(proof.leaf.sums[proof.snapshot.coins.indexOf('USDT')]!))).toBe('250');
    expect(verifyProof(proof)).toEqual({ ok: true, root: answer.snapshot.root });

    const phone = await openPhoneAs(browser(), baseUrl, user.token, '/pages/setting/setting', { width: 375 });
    const { page, errors } = phone;
    try {
      await settled(page);
      await page.getByRole('button', { name: labels.title }).click(SLOW);
      await expect.poll(() => hashOf(page)).toBe('#/pages/setting/liabilities');
      await settled(page);

      const snapshot = page.getByRole('region', { name: labels.snapshot.title });
      const root = snapshot.locator('dt', { hasText: labels.snapshot.root }).locator('xpath=following-sibling::dd').locator('code');
      await expect.poll(() => root.innerText()).toBe(answer.snapshot.root);
      const balances = page.getByRole('region', { name: labels.mine.title });
      const usdtLine = balances.getByRole('listitem', { name: 'USDT' });
      expect(await usdtLine.innerText()).toContain(`${en.funds.kind.spot} · ${labels.bucket.available}`);
      expect(await usdtLine.innerText()).toContain('250 USDT');

      await page.getByRole('button', { name: labels.check.run }).click();
      await expect.poll(() => resultOf(page)).toEqual([`✓ ${labels.check.included}`, `✓ ${labels.check.published.same}`]);
      const steps = await page.getByRole('list', { name: labels.check.title }).getByRole('listitem').allInnerTexts();
      expect(steps).toHaveLength(proof.path.length + 1);
      expect(steps.at(-1)).toContain(answer.snapshot.root);
      expect(await overflowing(page)).toEqual([]);
      // The result in view, with the hashes above it.
      await page.getByRole('status').scrollIntoViewIfNeeded();
      await screenshot(page, 'liabilities-en-light');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: labels.download }).click()]);
      expect(download.suggestedFilename()).toBe(`fairex-proof-${snapshotId}.json`);
      expect(JSON.parse(fs.readFileSync(await download.path(), 'utf8'))).toEqual(proof);

      // Chinese, dark theme: the same check, translated, and still fitting.
      await page.evaluate(() => {
        localStorage.setItem('lang', 'zh');
        localStorage.setItem('theme', 'dark');
      });
      await page.reload();
      await settled(page);
      await page.getByRole('button', { name: zh.check.run }).click(SLOW);
      await expect.poll(() => resultOf(page)).toEqual([`✓ ${zh.check.included}`, `✓ ${zh.check.published.same}`]);
      expect(await overflowing(page)).toEqual([]);
      await page.getByRole('status').scrollIntoViewIfNeeded();
      await screenshot(page, 'liabilities-zh-dark');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
