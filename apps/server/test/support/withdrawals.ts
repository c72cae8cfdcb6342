/** A user who can withdraw: verified (level 1), funded, with a pay password and a TRC20 USDT address. */
import { call, latestCode, type TestApp } from './app.ts';
import { coinId, fund, makeVerifiedUser, uploadImage } from '../funds/support.ts';

export const PAY_PASSWORD = 'pay-secret-1';
export const TRC20_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

export async function makeWithdrawingUser(test: TestApp, usdt: string) {
  const user = await makeVerifiedUser(test);
  await fund(test, user.id, 'USDT', usdt);
  await call(test.app, '/sms_mail', { ip: test.nextIp(), token: user.token, payload: { user_string: user.email, scene: 'security' } });
  const code = await latestCode(test, user.email);
  const set = await call(test.app, '/safe/update_password', { token: user.token, payload: { password: PAY_PASSWORD, re_password: PAY_PASSWORD, code } });
  if (set.body.type !== 'ok') throw new Error(`update_password: ${JSON.stringify(set.body)}`);
  const currency = await coinId(test, 'USDT');
  const qrcode = await uploadImage(test, user.token);
  const address = await call(test.app, '/user/wallet/save', { token: user.token, payload: { currency, name: 'mine', address: TRC20_ADDRESS, qrcode, pay_password: PAY_PASSWORD } });
  if (address.body.type !== 'ok') throw new Error(`wallet/save: ${JSON.stringify(address.body)}`);
  const out = (number: string, extra: Record<string, unknown> = {}) =>
    call(test.app, '/wallet/out', { token: user.token, payload: { currency, number, address_id: address.body.message.id, pay_password: PAY_PASSWORD, ...extra } });
  return { user, currency, addressId: address.body.message.id as number, out };
}
