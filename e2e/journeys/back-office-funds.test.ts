// Proves the back-office funds and identity screens in chromium against the real server: the operator
// configures a network (deposit address and withdrawal fee), approves a user's identity, confirms
// their deposit (voucher shown), approves one withdrawal with a reference and rejects another with a
// reason, adjusts a balance with a reason (and sees the server refuse an overdraft, translated), and
// the ledger audit stays balanced. The user's side goes through the user API; results are read back
// through the API.
import { describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/api.ts';
import { approveWithdrawal, openDesktop, openQueue, operatorLogin, rowOf } from '../support/back-office.ts';
import { screenshot, sharedBrowser } from '../support/browser.ts';
import {
  adminCall,
  ID_CARD,
  makeUserWithMobile,
  PAY_PASSWORD,
  networkConfig,
  spotFigures,
  TRC20_PLATFORM,
  TRC20_USER,
  uploadImage,
  userApi,
  type CurrencyItem,
} from '../support/funds.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

const trc20Fee = async () =>
  (await userApi<CurrencyItem[]>(baseUrl, '/currency/list', { method: 'GET' })).find((c) => c.name === 'USDT')!.networks.find((n) => n.network === 'TRC20')!
    .withdraw_fee;

describe('back office: funds and identity', () => {
  it('configures a network, reviews identity, deposit and withdrawals, adjusts a balance, and the ledger balances', async () => {
    const op = operatorToken();
    const usdt = (await userApi<CurrencyItem[]>(baseUrl, '/currency/list', { method: 'GET' })).find((c) => c.name === 'USDT')!;
    const before = await networkConfig(baseUrl, op, 'USDT', 'TRC20');

    const { context, page, errors } = await openDesktop(browser(), baseUrl);
    try {
      await operatorLogin(page);

      // Coins & networks: the TRC20 network of USDT gets a deposit address and a new withdrawal fee.
      await page.getByRole('menuitem', { name: 'Coins & networks' }).click();
      await page.getByRole('button', { name: 'Edit USDT TRC20' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit USDT TRC20' });
      await editor.getByLabel('Deposit address').fill(TRC20_PLATFORM);
      await editor.getByLabel('Withdrawal fee').fill('2.5');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => editor.isVisible()).toBe(false);
      await expect.poll(trc20Fee).toBe('2.5');
      // With an address, deposits can be switched on (without one the switch stays off); an earlier
      // journey may have left them on, so only an off switch is turned.
      const deposits = page.getByRole('switch', { name: 'Deposits on USDT TRC20' });
      if ((await deposits.getAttribute('aria-checked')) !== 'true') await deposits.click();
      await expect.poll(() => deposits.getAttribute('aria-checked')).toBe('true');
      await screenshot(page, 'admin-coins');

      // The user declares identity and a deposit with a voucher, through the user API.
      const user = await makeUserWithMobile(baseUrl, 'office-funds');
      await userApi(baseUrl, '/user/real', { token: user.token, data: { real_type: 1, id_type: 1, name: 'Li Lei', card_id: ID_CARD } });
      const address = await userApi<{ address: string }>(baseUrl, '/wallet/get_in_address', { token: user.token, data: { currency: usdt.id, network: 'TRC20' } });
      expect(address.address).toBe(TRC20_PLATFORM);
      const voucher = await uploadImage(baseUrl, user.token);
      await userApi(baseUrl, '/wallet/charge_req', { token: user.token, data: { currency: usdt.id, network: 'TRC20', amount: '500', voucher } });

      // Identity: approve the basic verification; the user reaches level 1.
      await openQueue(page, 'Identity reviews', user.id);
      const identityRow = page.getByRole('row').filter({ hasText: user.email });
      await identityRow.getByRole('cell', { name: ID_CARD }).waitFor();
      await identityRow.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await identityRow.getByText('Approved').waitFor();
      expect((await userApi<{ level: number }>(baseUrl, '/real/state', { method: 'GET', token: user.token })).level).toBe(1);

      // Recharges: the voucher is shown; confirming credits the user once.
      await openQueue(page, 'Recharges', user.id);
      const rechargeRow = page.getByRole('row').filter({ hasText: user.email });
      // The same file, signed afresh by the queue's answer (the signature and expiry may differ).
      const path = (url: string | null) => url?.split('?')[0];
      await expect.poll(async () => path(await rechargeRow.locator('img').first().getAttribute('src'))).toBe(path(voucher));
      await expect.poll(() => rechargeRow.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await screenshot(page, 'admin-recharges');
      await rechargeRow.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await rechargeRow.getByText('Confirmed').waitFor();
      expect(await rechargeRow.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
      expect(await spotFigures(baseUrl, user.token, usdt.id)).toMatchObject({ balance: '500', available: '500', frozen: '0' });

      // Two withdrawals to a bound address, frozen on request with the operator's fee.
      const qrcode = await uploadImage(baseUrl, user.token);
      const saved = await userApi<{ id: number }>(baseUrl, '/user/wallet/save', { token: user.token, data: { currency: usdt.id, name: 'mine', address: TRC20_USER, qrcode, pay_password: PAY_PASSWORD } });
      const first = await userApi<{ id: number; fee: string }>(baseUrl, '/wallet/out', { token: user.token, data: { currency: usdt.id, number: '100', address_id: saved.id, pay_password: PAY_PASSWORD } });
      expect(first.fee).toBe('2.5');
      const second = await userApi<{ id: number }>(baseUrl, '/wallet/out', { token: user.token, data: { currency: usdt.id, number: '50', address_id: saved.id, pay_password: PAY_PASSWORD } });

      // Withdrawals: approve one with a reference (required), reject the other with a reason.
      await openQueue(page, 'Withdrawals', user.id);
      await rowOf(page, first.id).getByText(TRC20_USER).waitFor();
      // The reference is required: approving without one is refused in the dialog.
      await rowOf(page, first.id).getByRole('button', { name: 'Approve' }).click();
      const approve = page.getByRole('dialog', { name: `Approve withdrawal #${first.id}` });
      await approve.getByLabel('Transaction reference').waitFor();
      await approve.getByRole('button', { name: 'Approve' }).click();
      await approve.getByText('Enter the transaction reference').waitFor();
      await approveWithdrawal(page, first.id, '0xe2e-reference');
      await rowOf(page, second.id).getByRole('button', { name: 'Reject' }).click();
      const reject = page.getByRole('dialog', { name: `Reject withdrawal #${second.id}` });
      await reject.getByLabel('Reason').fill('Address under review');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await rowOf(page, second.id).getByText('Rejected').waitFor();
      await screenshot(page, 'admin-withdrawals');
      const records = await userApi<{ data: { id: number; status: string; reason: string | null }[] }>(baseUrl, '/user/withdraw/list', { method: 'GET', token: user.token });
      expect(records.data.find((r) => r.id === first.id)).toMatchObject({ status: 'approved' });
      expect(records.data.find((r) => r.id === second.id)).toMatchObject({ status: 'rejected', reason: 'Address under review' });
      const queue = await adminCall<{ data: { id: number; reference: string | null }[] }>(baseUrl, op, `/withdrawals?user_id=${user.id}`);
      expect(queue.message.data.find((r) => r.id === first.id)?.reference).toBe('0xe2e-reference');
      expect(await spotFigures(baseUrl, user.token, usdt.id)).toMatchObject({ balance: '400', available: '400', frozen: '0' });

      // Manual adjustment on the user's page: an overdraft is refused with the server's message, a credit goes through.
      await page.getByRole('link', { name: new RegExp(user.email) }).first().click();
      await page.getByRole('heading', { name: new RegExp(`User ${user.id}`) }).waitFor();
      const adjust = page.locator('form#adjust');
      // The coin list is searchable: type the coin, Enter picks it.
      await adjust.getByLabel('Currency').fill('USDT');
      await page.keyboard.press('Enter');
      await adjust.getByLabel(/^Amount/).fill('-1000');
      await adjust.getByLabel('Reason').fill('Overdraft attempt');
      await adjust.getByRole('button', { name: 'Adjust balance' }).click();
      await page.getByText('Insufficient balance').waitFor();
      await adjust.locator('.ant-btn-loading').waitFor({ state: 'detached' });
      await adjust.getByLabel(/^Amount/).fill('25.5');
      await adjust.getByLabel('Reason').fill('Goodwill credit');
      await adjust.getByRole('button', { name: 'Adjust balance' }).click();
      await page.getByText('Balance adjusted').waitFor();
      // The accounts table reloads with the new balance.
      await page.getByRole('row').filter({ hasText: 'USDT' }).filter({ hasText: '425.5' }).first().waitFor();
      await screenshot(page, 'admin-user-adjust');
      expect((await spotFigures(baseUrl, user.token, usdt.id)).balance).toBe('425.5');

      // Everything above went through the ledger, which still balances.
      await page.getByRole('menuitem', { name: 'Ledger audit' }).click();
      await page.getByText('Balanced', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      // Other journeys see the network as it was.
      await adminCall(baseUrl, op, `/networks/${before.id}`, { deposit_address: before.deposit_address, withdraw_fee: before.withdraw_fee });
      await context.close();
    }
  });
});
