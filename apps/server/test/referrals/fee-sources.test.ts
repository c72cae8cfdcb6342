// Proves every fee-charging product's fees pay rebates by the same rule (fee-sources.ts): an invitee
// opens a contract position (its handling fee, posted under the position) and places a seconds option
// (its fee, posted under the order), and the fee-posting job pays the inviter 20 % of each, rounded down,
// to the inviter's spot account; a fee posting named after anything else (a withdrawal) pays nothing. The ledger audit runs after each.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { post, systemAccount, userAccount } from '../../src/ledger/index.ts';
import { scriptedContracts } from '../contracts/support.ts';
import { optionsRig, type OptionsRig } from '../options/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { invitee, runFeeJob, spotAvailable, useGrowthRig } from './support.ts';

const rig = useGrowthRig();
let options: OptionsRig;
let contracts: Awaited<ReturnType<typeof scriptedContracts>>;

beforeAll(async () => {
  contracts = await scriptedContracts(rig.test);
  await contracts.tick('BTCUSDT', '65000');
  options = optionsRig(rig.test, Date.parse('2026-11-23T10:00:00Z'));
});
afterEach(() => expectLedgerBalanced(rig.test));

describe('fee sources', () => {
  it('pays 20 % of a contract position\'s handling fee, rounded down, once', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await invitee(rig.test, inviter);
    await fundAccount(rig.test, friend.id, rig.usdt, '1000', 'contract');
    const btcusdt = rig.test.ctx.markets.symbolByName('BTCUSDT')!;
    const opened = await call(rig.test.app, '/lever/submit', { token: friend.token, payload: { currency_id: btcusdt.id, legal_id: rig.usdt, share: 2, multiple: 10, type: 1, status: 1 } });
    expect(opened.body.type, JSON.stringify(opened.body)).toBe('ok');
    const fee = opened.body.message.handling_fee as string;
    expect(Number(fee)).toBeGreaterThan(0);

    const run = await runFeeJob(rig);
    expect(run.rebates.map((r) => [r.sourceType, r.sourceId, r.inviterId])).toEqual([['contract_position', String(opened.body.message.id), inviter.id]]);
    const expected = (Math.floor(Number(fee) * 0.2 * 1e6) / 1e6).toString();
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe(expected);
    const listed = (await call(rig.test.app, '/share/rebates', { method: 'GET', token: inviter.token })).body.message.data[0];
    expect(listed).toMatchObject({ product: 'contract', fee, amount: expected });
    expect((await runFeeJob(rig)).rebates).toEqual([]);
  });

  it('pays 20 % of a seconds option\'s fee: 100 x 0.1 % = 0.1, rebate 0.02', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await invitee(rig.test, inviter);
    await fundAccount(rig.test, friend.id, rig.usdt, '1000', 'options');
    options.clock.now += 3_600_000;
    await options.tick('BTC/USDT', '100', options.clock.now);
    const placed = await call(rig.test.app, '/microtrade/submit', {
      token: friend.token,
      payload: { match_id: rig.test.ctx.markets.symbolId('BTC/USDT')!, currency_id: rig.usdt, type: 1, seconds: 30, number: '100' },
    });
    expect(placed.body.message).toMatchObject({ fee: '0.1' });
    const run = await runFeeJob(rig);
    expect(run.rebates.map((r) => [r.sourceType, r.sourceId, r.amount])).toEqual([['option_order', placed.body.message.id, '0.020000000000000000']]);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.02');
  });

  it('pays nothing on a fee posting named after anything but a trade (a withdrawal fee, say)', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await invitee(rig.test, inviter);
    await fundAccount(rig.test, friend.id, rig.usdt, '100');
    await rig.test.db.transaction(async (tx) =>
      post(tx, {
        kind: 'withdraw',
        refType: 'withdrawal',
        refId: `fee-source-test-${friend.id}`,
        legs: [
          { accountId: await userAccount(tx, friend.id, rig.usdt, 'spot'), amount: '-1' },
          { accountId: await systemAccount(tx, 'fees', rig.usdt), amount: '1' },
        ],
      }),
    );
    const run = await runFeeJob(rig);
    expect(run.postings).toBeGreaterThan(0);
    expect(run.rebates).toEqual([]);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0');
  });
});
