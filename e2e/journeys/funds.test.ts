// Proves the funds journey of issue 4 as one story in chromium against the real server: a new user signs up
// by email, binds a mobile in the security centre and submits basic identity; an operator (a second, desktop
// page) approves it in the back office; the user deposits USDT on TRC20 with a voucher image and the operator
// confirms it; the user moves part of it from the spot to the contract account, exchanges USDT to BTC, adds a
// wallet address with its QR image and withdraws to it; the operator approves the withdrawal with a reference;
// the user finds every movement in the bills, and the ledger audit holds. Figures are checked on screen and
// through the API at each step.
import { accountFieldOf, displayBalance, sub } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestCodeFor, operatorToken } from '../support/api.ts';
import { approveWithdrawal, openDesktop, openQueue, operatorLogin, rowOf } from '../support/back-office.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, ID_CARD, networkConfig, PNG, TRC20_PLATFORM, TRC20_USER, userApi, type CurrencyItem, type Figures } from '../support/funds.ts';
import { go, hashOf, register } from '../support/pages.ts';

const PAY_PASSWORD = 'funds-pay-1';
const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

/** Reviews and ledger postings can take seconds on a busy machine. */
const LONG = { timeout: 30_000 };
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(PNG) });

type Bill = { type: string; currency: string; account_type: string; bucket: string; amount: string };

/** One account's figures for a coin, as the user API reports them. */
const figures = (token: string, currency: number, type: string) => userApi<Figures>(baseUrl, '/wallet/detail', { token, data: { currency, type } });

/** The figures of one coin in one account section of the assets page, as one line of text. */
async function shownFigures(page: Page, account: string, coin: string) {
  // The assets tab shows one account at a time.
  await page.getByRole('tablist', { name: 'Accounts' }).getByRole('tab', { name: account }).click();
  const item = page.getByRole('region', { name: account }).getByRole('listitem').filter({ hasText: coin });
  return (await item.innerText()).replace(/\s+/g, ' ');
}

describe('the funds journey', () => {
  it('registers, verifies, deposits, transfers, exchanges, withdraws, and finds it all in the bills', async () => {
    const op = operatorToken();
    const coins = await userApi<CurrencyItem[]>(baseUrl, '/currency/list', { method: 'GET' });
    const usdt = coins.find((c) => c.name === 'USDT')!;
    const btc = coins.find((c) => c.name === 'BTC')!;
    // The platform's TRC20 deposit address is the operator's setting; give it one for this story, restored after.
    const network = await networkConfig(baseUrl, op, 'USDT', 'TRC20');
    // An address, and deposits switched on with it (a journey before may have cleared the address, which switches them off).
    await adminCall(baseUrl, op, `/networks/${network.id}`, { deposit_address: TRC20_PLATFORM, withdraw_fee: network.withdraw_fee, deposit_enabled: true });

    const user = await openPhone(browser(), baseUrl);
    const office = await openDesktop(browser(), baseUrl);
    const page = user.page;
    const admin = office.page;
    const stamp = Date.now();
    const email = `funds-${stamp}@example.com`;
    const mobile = `137${String(stamp).slice(-8)}`;
    try {
      // Sign up by email (which binds the email), then bind a mobile in the security centre.
      await register(page, email, 'funds-pass-1');
      const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
      expect(token).toBeTruthy();
      const me = await userApi<{ id: number; email: string; mobile: string | null }>(baseUrl, '/user/info', { method: 'GET', token: token! });
      expect(me).toMatchObject({ email, mobile: null });
      await go(page, '/pages/setting/security');
      await page.getByRole('button', { name: /^Mobile\s*Not bound/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Bind mobile number' });
      await sheet.getByLabel('Mobile', { exact: true }).fill(mobile);
      await sheet.getByLabel('Login password').fill('funds-pass-1');
      await sheet.getByRole('button', { name: 'Get code' }).click();
      await expect.poll(() => sheet.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
      await sheet.getByLabel('Verification code').fill(await latestCodeFor(baseUrl, mobile));
      await sheet.getByRole('button', { name: 'Bind', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: new RegExp(`^Mobile\\s*\\+86 ${mobile}`) }).isVisible()).toBe(true);

      // Basic identity (Lv1).
      await go(page, '/pages/setting/real');
      await page.getByLabel('Full name').fill('Li Lei');
      await page.getByLabel('Document number').fill(ID_CARD);
      await page.getByRole('button', { name: 'Submit' }).click();
      const status = page.getByRole('region', { name: 'Verification status' });
      await expect.poll(async () => (await status.innerText()).replace(/\s+/g, ' '), LONG).toContain('Basic verification (Lv1) Under review');

      // The operator approves it in the Identity queue.
      await operatorLogin(admin);
      await openQueue(admin, 'Identity reviews', me.id);
      const identityRow = admin.getByRole('row').filter({ hasText: email });
      await identityRow.getByRole('cell', { name: ID_CARD }).waitFor();
      await identityRow.getByRole('button', { name: 'Approve' }).click();
      await admin.getByRole('button', { name: 'Yes' }).click();
      await identityRow.getByText('Approved').waitFor();

      // The user sees the level authenticated.
      await page.reload();
      await expect.poll(async () => (await status.innerText()).replace(/\s+/g, ' '), LONG).toContain('Basic verification (Lv1) Verified');
      expect(await userApi<{ level: number }>(baseUrl, '/real/state', { method: 'GET', token: token! })).toMatchObject({ level: 1 });

      // Deposit: coin, network, the platform address, then the amount sent and the voucher.
      await go(page, '/pages/fund/select');
      await page.getByRole('region', { name: 'Choose a coin' }).getByRole('button', { name: 'USDT', exact: true }).click();
      await page.getByRole('region', { name: 'Network' }).getByRole('button', { name: 'TRC20', exact: true }).click();
      await expect.poll(() => hashOf(page)).toContain('#/pages/fund/receive');
      await expect.poll(() => page.getByText(TRC20_PLATFORM).isVisible()).toBe(true);
      await page.getByLabel('Amount sent').fill('500');
      await page.getByLabel('Payment voucher').setInputFiles(image('voucher.png'));
      await expect.poll(() => page.getByRole('img', { name: 'Payment voucher' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => hashOf(page), LONG).toBe('#/pages/fund/receive_withdraw_record');

      // The operator confirms it in the Recharges queue; the voucher is the one uploaded.
      await openQueue(admin, 'Recharges', me.id);
      const rechargeRow = admin.getByRole('row').filter({ hasText: email });
      await expect.poll(() => rechargeRow.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth), LONG).toBe(1);
      await rechargeRow.getByRole('button', { name: 'Confirm' }).click();
      await admin.getByRole('button', { name: 'Yes' }).click();
      await rechargeRow.getByText('Confirmed').waitFor();

      // The assets page shows the credit in the spot account.
      await go(page, '/pages/fund/assets');
      await expect.poll(() => shownFigures(page, 'Spot account', 'USDT'), LONG).toMatch(/Balance 500 Available 500 Frozen 0/);
      expect(await figures(token!, usdt.id, 'change')).toMatchObject({ balance: '500', available: '500', frozen: '0' });
      await screenshot(page, 'funds-journey-deposited');

      // Spot to contract: 100 USDT.
      await page.getByRole('navigation', { name: 'Funds actions' }).getByRole('button', { name: 'Transfer' }).click();
      await expect.poll(() => hashOf(page)).toBe('#/pages/fund/fundTransfer');
      // The accounts are named by the products that use them; chosen by kind.
      await page.getByLabel('From').selectOption('spot');
      await page.getByLabel('To').selectOption('contract');
      await page.getByLabel('Coin', { exact: true }).selectOption({ label: 'USDT' });
      await expect.poll(() => page.getByText('Available: 500 USDT').isVisible()).toBe(true);
      await page.getByLabel('Amount').fill('100');
      await page.getByRole('button', { name: 'Transfer', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => page.getByText('Available: 400 USDT').isVisible(), LONG).toBe(true);
      expect(await figures(token!, usdt.id, 'change')).toMatchObject({ balance: '400', available: '400' });
      expect(await figures(token!, usdt.id, 'contract')).toMatchObject({ balance: '100', available: '100' });

      // Exchange 50 USDT to BTC at the index price less the fee; the server's figures are the ones shown after.
      await go(page, '/pages/fund/transfer');
      await page.getByLabel('From').selectOption({ label: 'USDT' });
      await page.getByLabel('To').selectOption({ label: 'BTC' });
      await page.getByLabel('Amount').fill('50');
      const exchanged = page.waitForResponse((response) => response.url().endsWith('/api/user/Transfer'));
      await page.getByRole('button', { name: 'Exchange', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      const exchange = ((await (await exchanged).json()) as { type: string; message: { number: string; received: string } });
      expect(exchange).toMatchObject({ type: 'ok', message: { number: '50' } });
      const received = exchange.message.received;
      expect(Number(received)).toBeGreaterThan(0);
      expect((await figures(token!, btc.id, 'change')).balance).toBe(received);
      expect((await figures(token!, usdt.id, 'change')).balance).toBe('350');
      await go(page, '/pages/fund/assets');
      await expect.poll(() => shownFigures(page, 'Spot account', 'USDT'), LONG).toMatch(/Balance 350 Available 350/);
      await expect.poll(() => shownFigures(page, 'Spot account', 'BTC'), LONG).toContain(`Balance ${displayBalance(received)}`);
      await expect.poll(() => shownFigures(page, 'Contract account', 'USDT'), LONG).toMatch(/Balance 100 Available 100/);

      // A wallet address needs a pay password: the form leads to setting one first (code to the email).
      await go(page, '/pages/setting/addWallet');
      await page.getByRole('button', { name: 'Set payment password' }).click();
      await expect.poll(() => hashOf(page)).toBe('#/pages/setting/payPassword');
      await page.getByLabel('New payment password').fill(PAY_PASSWORD);
      await page.getByLabel('Confirm payment password').fill(PAY_PASSWORD);
      await page.getByRole('button', { name: 'Get code' }).click();
      await expect.poll(() => page.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
      await page.getByLabel('Verification code').fill(await latestCodeFor(baseUrl, email));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => hashOf(page), LONG).toBe('#/pages/setting/security');

      // A wallet address with its QR image, confirmed with the pay password.
      await go(page, '/pages/setting/addWallet');
      await page.getByLabel('Coin', { exact: true }).selectOption({ label: 'USDT' });
      await page.getByLabel('Address name').fill('My TRC20');
      await page.getByLabel('Wallet address').fill(TRC20_USER);
      await page.getByLabel('Address QR code image').setInputFiles(image('qr.png'));
      await page.getByLabel('Pay password').fill(PAY_PASSWORD);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText('Address saved').first().isVisible(), LONG).toBe(true);
      const wallets = await userApi<{ data: { id: number; network: string; address: string }[] }>(baseUrl, '/user/wallet/list', { method: 'GET', token: token! });
      expect(wallets.data).toEqual([expect.objectContaining({ network: 'TRC20', address: TRC20_USER })]);

      // Withdraw 100 USDT to it; the fee is the network's.
      const fee = usdt.networks.find((n) => n.network === 'TRC20')!.withdraw_fee;
      await go(page, '/pages/fund/withdraw');
      await page.getByLabel('Coin', { exact: true }).selectOption({ label: 'USDT' });
      await expect.poll(() => page.getByLabel('Withdrawal address').inputValue()).toBe(String(wallets.data[0]!.id));
      await page.getByLabel('Amount').fill('100');
      const shown = page.locator('dl.funds-figures');
      // With the 24-hour limit left, in USDT at the index (its figure moves with the price).
      await expect
        .poll(async () => (await shown.innerText()).replace(/\s+/g, ' '))
        .toMatch(new RegExp(`^Available 350 Fee ${fee} You receive ${displayBalance(sub('100', fee))} USDT 24-hour limit left [\\d,.]+ USDT$`));
      await page.getByLabel('Pay password').fill(PAY_PASSWORD);
      const requested = page.waitForResponse((response) => response.url().endsWith('/api/wallet/out'));
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      const withdrawal = ((await (await requested).json()) as { type: string; message: { id: number; fee: string } });
      expect(withdrawal).toMatchObject({ type: 'ok', message: { status: 'pending', number: '100', fee } });
      await expect.poll(() => hashOf(page), LONG).toBe('#/pages/fund/receive_withdraw_record?tab=withdraw');
      expect(await figures(token!, usdt.id, 'change')).toMatchObject({ balance: '350', available: '250', frozen: '100' });

      // The operator approves it with the transaction reference.
      await openQueue(admin, 'Withdrawals', me.id);
      await rowOf(admin, withdrawal.message.id).getByText(TRC20_USER).waitFor();
      await approveWithdrawal(admin, withdrawal.message.id, '0xfunds-journey');
      expect(await figures(token!, usdt.id, 'change')).toMatchObject({ balance: '250', available: '250', frozen: '0' });
      await go(page, '/pages/fund/assets');
      await expect.poll(() => shownFigures(page, 'Spot account', 'USDT'), LONG).toMatch(/Balance 250 Available 250 Frozen 0/);

      // Every movement is in the bills, as the API lists them and as the page shows them.
      const bills = await userApi<{ data: Bill[] }>(baseUrl, '/wallet/legal_log', { token: token!, data: { page: 1 } });
      const movements = bills.data.map(({ type, currency, account_type, bucket, amount }) => ({ type, currency, account_type, bucket, amount }));
      // Bills name accounts by their legacy field (spot is `change`, contract `lever`).
      const move = (type: string, amount: string, { bucket = 'available', currency = 'USDT', account = accountFieldOf('spot') } = {}) => ({
        type,
        currency,
        bucket,
        amount,
        account_type: account,
      });
      expect(movements).toEqual(
        expect.arrayContaining([
          move('deposit', '500'),
          move('account_transfer', '-100'),
          move('account_transfer', '100', { account: accountFieldOf('contract') }),
          move('exchange', '-50'),
          move('exchange', received, { currency: 'BTC' }),
          move('withdraw_request', '-100'),
          move('withdraw_request', '100', { bucket: 'frozen' }),
          move('withdraw', '-100', { bucket: 'frozen' }),
        ]),
      );
      expect(movements).toHaveLength(8);
      await go(page, '/pages/setting/bill');
      const list = page.getByRole('region', { name: 'Bills' });
      const rows = (label: string, amount: string, detail?: string) => {
        // The row starts with its type, so "Withdrawal" does not also match "Withdrawal requested".
        const item = list.getByRole('listitem').filter({ hasText: new RegExp(`^${label}\\s*[+-]`) }).filter({ hasText: amount });
        return detail ? item.filter({ hasText: detail }) : item;
      };
      await expect.poll(() => list.getByRole('listitem').count(), LONG).toBe(8);
      const expected: [string, string, string?][] = [
        ['Deposit credited', '+500 USDT', 'Spot account'],
        ['Transfer between accounts', '-100 USDT', 'Spot account'],
        ['Transfer between accounts', '+100 USDT', 'Contract account'],
        ['Exchange', '-50 USDT'],
        ['Exchange', `+${displayBalance(received)} BTC`],
        ['Withdrawal requested', '-100 USDT', 'Spot account'],
        ['Withdrawal requested', '+100 USDT', 'Frozen'],
        ['Withdrawal', '-100 USDT', 'Frozen'],
      ];
      for (const [label, amount, detail] of expected) expect(await rows(label, amount, detail).count(), `${label} ${amount}`).toBe(1);
      await screenshot(page, 'funds-journey-bills');

      // The ledger balances, on the back office's audit page and through its API.
      await admin.getByRole('menuitem', { name: 'Ledger audit' }).click();
      await admin.getByText('Balanced', { exact: true }).waitFor();
      expect((await adminCall<{ ok: boolean }>(baseUrl, op, '/ledger/audit')).message.ok).toBe(true);

      expect(user.errors).toEqual([]);
      expect(office.errors).toEqual([]);
    } finally {
      await adminCall(baseUrl, op, `/networks/${network.id}`, { deposit_address: network.deposit_address, withdraw_fee: network.withdraw_fee });
      await user.context.close();
      await office.context.close();
    }
  });
});
