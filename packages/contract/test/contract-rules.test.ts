// Proves the contract rules on worked examples: notional, margin, fee, P&L, risk rate, liquidation
// prices (isolated and account-level), overnight fee and days, TP/SL sides, spread and stock sessions.
import { describe, expect, it } from 'vitest';
import {
  accountTriggerPrice,
  exposureOf,
  exposureProfit,
  handlingFee,
  inSession,
  isolatedLiquidationPrice,
  limitFillPrice,
  limitReached,
  maintenanceMargin,
  overnightCharge,
  settleTogether,
  liquidationDue,
  marginOf,
  notional,
  openPriceWithSpread,
  overnightDays,
  overnightFee,
  payUnits,
  profitLoss,
  receiveUnits,
  riskRate,
  stopProblem,
  stopTriggered,
  transferableOut,
  type TradingSession,
} from '../src/contract-rules.ts';
import { contractBatchCloseInput, contractMyTradeInput, contractSubmitInput } from '../src/schemas/contracts.ts';

describe('sizes and charges', () => {
  it('gives notional 65000 x 2 lots x 0.01 = 1300, margin 1300 / 10 = 130 and fee 1300 x 0.001 = 1.3', () => {
    const value = notional('65000', 2, '0.01');
    expect(value).toBe('1300');
    expect(marginOf(value, 10)).toBe('130');
    expect(handlingFee(value, '0.001')).toBe('1.3');
  });

  it('gives overnight fee 1300 x 0.0005 = 0.65', () => {
    expect(overnightFee('1300', '0.0005')).toBe('0.65');
  });

  it('rounds what a user pays up and what he receives down to the coin unit (1/3 -> 0.333334 paid, 0.333333 received; -0.1234567 -> -0.123457)', () => {
    expect(payUnits(marginOf('1', 3), 6)).toBe('0.333334');
    expect(receiveUnits(marginOf('1', 3), 6)).toBe('0.333333');
    expect(receiveUnits('-0.1234567', 6)).toBe('-0.123457');
  });
});

describe('profit and loss', () => {
  it('gives a long opened at 65000, marked 66000, 2 lots of 0.01 a profit of 20 and a short the mirror -20', () => {
    expect(profitLoss('long', '65000', '66000', 2, '0.01')).toBe('20');
    expect(profitLoss('short', '65000', '66000', 2, '0.01')).toBe('-20');
    expect(profitLoss('short', '65000', '64000', 2, '0.01')).toBe('20');
  });
});

describe('transfers out of the contract account', () => {
  it('lets 500 - 120 = 380 out with P&L -120 and +300 (the profit does not count), 0 with a loss beyond available, all without positions', () => {
    expect(transferableOut('500', ['-120', '300'])).toBe('380');
    expect(transferableOut('100', ['-150'])).toBe('0');
    expect(transferableOut('250.5', [])).toBe('250.5');
  });

  it('leaves a risk rate of at least 100%: (500 - 380 + 130 - 120 + 300) / 130 x 100 > 50', () => {
    expect(Number(riskRate('120', ['130'], ['-120', '300']))).toBeGreaterThanOrEqual(100);
  });
});

describe('risk rate', () => {
  it('gives (870 + 130 - 20) / 130 x 100 = 753.846... and null without margin', () => {
    expect(riskRate('870', ['130'], ['-20'])?.slice(0, 10)).toBe('753.846153');
    expect(riskRate('100', [], [])).toBeNull();
  });

  it('is due at or below the threshold (50 <= 50 yes, 50.01 no, null never)', () => {
    expect(liquidationDue('50', '50')).toBe(true);
    expect(liquidationDue('50.01', '50')).toBe(false);
    expect(liquidationDue(null, '50')).toBe(false);
  });
});

describe('liquidation prices', () => {
  it('gives a long at 65000 with margin 130 on 2 x 0.01 and threshold 50 the isolated price 65000 - 65 / 0.02 = 61750, a short 68250', () => {
    expect(isolatedLiquidationPrice('long', '65000', '130', 2, '0.01', '50')).toBe('61750');
    expect(isolatedLiquidationPrice('short', '65000', '130', 2, '0.01', '50')).toBe('68250');
  });

  it('never gives an isolated price below zero (1x long, threshold 0)', () => {
    expect(isolatedLiquidationPrice('long', '100', '100', 1, '1', '0')).toBe('0');
  });

  it('gives the account trigger (0.5 x 130 - 0 - 130 - 0 + 1300) / 0.02 = 61750 for one long and no spare balance, where the risk rate is exactly 50', () => {
    const trigger = accountTriggerPrice({
      available: '0',
      marginTotal: '130',
      otherProfit: '0',
      thresholdPercent: '50',
      ...exposureOf([{ side: 'long', openPrice: '65000', lots: 2, contractSize: '0.01' }]),
    });
    expect(trigger).toEqual({ price: '61750', when: 'below' });
    expect(riskRate('0', ['130'], [profitLoss('long', '65000', '61750', 2, '0.01')])).toBe('50');
  });

  it('moves the account trigger away with spare balance (available 65 -> 58500) and rises for a net short', () => {
    const long = { side: 'long' as const, openPrice: '65000', lots: 2, contractSize: '0.01' };
    expect(accountTriggerPrice({ available: '65', marginTotal: '130', otherProfit: '0', thresholdPercent: '50', ...exposureOf([long]) })?.price).toBe('58500');
    const short = { ...long, side: 'short' as const };
    expect(accountTriggerPrice({ available: '0', marginTotal: '130', otherProfit: '0', thresholdPercent: '50', ...exposureOf([short]) })).toEqual({ price: '68250', when: 'above' });
  });

  it('still liquidates a hedge (zero net exposure) at the next tick once fees or other symbols bring it to the threshold', () => {
    const long = { side: 'long' as const, openPrice: '65000', lots: 10, contractSize: '0.01' };
    const hedge = exposureOf([long, { ...long, side: 'short' }]);
    expect(accountTriggerPrice({ available: '0', marginTotal: '130', otherProfit: '0', thresholdPercent: '50', ...hedge })).toBeNull();
    // Equity 0 + 130 - 70 = 60 <= 65: any mark triggers.
    expect(accountTriggerPrice({ available: '0', marginTotal: '130', otherProfit: '-70', thresholdPercent: '50', ...hedge })).toEqual({ price: '0', when: 'above' });
  });

  it('gives open positions with zero margin a risk rate of 0 (due) and a trigger at any mark', () => {
    expect(riskRate('0', ['0'], ['150'])).toBe('0');
    expect(liquidationDue(riskRate('0', ['0'], ['150']), '20')).toBe(true);
    expect(accountTriggerPrice({ available: '0', marginTotal: '0', otherProfit: '0', thresholdPercent: '50', ...exposureOf([{ side: 'long', openPrice: '65000', lots: 1, contractSize: '0.01' }]) })).toEqual({ price: '0', when: 'above' });
  });

  it('gives no account trigger when a long and a short of the same size cancel out', () => {
    const long = { side: 'long' as const, openPrice: '65000', lots: 2, contractSize: '0.01' };
    expect(accountTriggerPrice({ available: '0', marginTotal: '260', otherProfit: '0', thresholdPercent: '50', ...exposureOf([long, { ...long, side: 'short', openPrice: '64000' }]) })).toBeNull();
  });

  it('sums a long of 2 x 0.01 at 65000 and a short of 1 x 0.01 at 64000 to E = 0.01, C = 1300 - 640 = 660: at 66000 its P&L 660 - 660 = 0 is the two positions\' 20 - 20', () => {
    const positions = [
      { side: 'long' as const, openPrice: '65000', lots: 2, contractSize: '0.01' },
      { side: 'short' as const, openPrice: '64000', lots: 1, contractSize: '0.01' },
    ];
    const summed = exposureOf(positions);
    expect(summed).toEqual({ exposure: '0.01', cost: '660' });
    expect(exposureProfit(summed, '66000')).toBe('0');
    expect(exposureProfit(summed, '70000')).toBe(String(Number(profitLoss('long', '65000', '70000', 2, '0.01')) + Number(profitLoss('short', '64000', '70000', 1, '0.01'))));
  });
});

describe('take-profit, stop-loss, limits and spread', () => {
  it('accepts a long at 100 with TP 110 and SL 90, refuses TP 95 or SL 105; a short mirrored', () => {
    expect(stopProblem('long', '100', '110', '90')).toBeNull();
    expect(stopProblem('long', '100', '95', undefined)).toBe('take_profit_side');
    expect(stopProblem('long', '100', undefined, '105')).toBe('stop_loss_side');
    expect(stopProblem('short', '100', '90', '110')).toBeNull();
    expect(stopProblem('short', '100', '110', undefined)).toBe('take_profit_side');
    expect(stopProblem('short', '100', undefined, '100')).toBe('stop_loss_side');
  });

  it('triggers a long TP 110 at mark 110, its SL 90 at 90; a short TP 90 at 89.9; nothing in between', () => {
    expect(stopTriggered('long', '110', '110', '90')).toBe('take_profit');
    expect(stopTriggered('long', '90', '110', '90')).toBe('stop_loss');
    expect(stopTriggered('long', '100', '110', '90')).toBeNull();
    expect(stopTriggered('short', '89.9', '90', '110')).toBe('take_profit');
    expect(stopTriggered('short', '110', '90', '110')).toBe('stop_loss');
  });

  it('fills a long limit 100 at mark 100 or below and a short limit 100 at 100 or above', () => {
    expect([limitReached('long', '100', '100'), limitReached('long', '100.1', '100')]).toEqual([true, false]);
    expect([limitReached('short', '100', '100'), limitReached('short', '99.9', '100')]).toEqual([true, false]);
  });

  it('opens a long at mark 65000 + spread 5 = 65005 and a short at 64995', () => {
    expect(openPriceWithSpread('long', '65000', '5')).toBe('65005');
    expect(openPriceWithSpread('short', '65000', '5')).toBe('64995');
  });
});

describe('stock sessions', () => {
  const nyse: TradingSession = { open: '09:30', close: '16:00', weekdays: [1, 2, 3, 4, 5], time_zone: 'America/New_York' };

  it('is open Monday 2026-11-23 15:00 UTC (10:00 New York, EST) and closed at 14:00 UTC (09:00) and 21:00 UTC (16:00)', () => {
    expect(inSession(nyse, Date.parse('2026-11-23T15:00:00Z'))).toBe(true);
    expect(inSession(nyse, Date.parse('2026-11-23T14:00:00Z'))).toBe(false);
    expect(inSession(nyse, Date.parse('2026-11-23T21:00:00Z'))).toBe(false);
  });

  it('follows summer time: 2026-07-06 13:30 UTC is 09:30 EDT (open)', () => {
    expect(inSession(nyse, Date.parse('2026-07-06T13:30:00Z'))).toBe(true);
  });

  it('is closed on Saturday 2026-11-21 at 15:00 UTC', () => {
    expect(inSession(nyse, Date.parse('2026-11-21T15:00:00Z'))).toBe(false);
  });

  it('runs a 22:00-02:00 UTC session over midnight: Friday 23:00 and Saturday 01:00 open, Saturday 23:00 closed', () => {
    const night: TradingSession = { open: '22:00', close: '02:00', weekdays: [5], time_zone: 'UTC' };
    expect(inSession(night, Date.parse('2026-11-20T23:00:00Z'))).toBe(true);
    expect(inSession(night, Date.parse('2026-11-21T01:00:00Z'))).toBe(true);
    expect(inSession(night, Date.parse('2026-11-21T23:00:00Z'))).toBe(false);
  });
});

describe('overnight days', () => {
  const cutoff = 0; // 00:00 UTC

  it('charges a position opened 2026-11-20 10:00 and held to 2026-11-23 01:00 for the cut-offs of 21, 22 and 23 November', () => {
    expect(overnightDays(Date.parse('2026-11-20T10:00:00Z'), Date.parse('2026-11-23T01:00:00Z'), cutoff)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('charges nothing for a position opened and closed the same day, and counts a cut-off reached exactly', () => {
    expect(overnightDays(Date.parse('2026-11-20T10:00:00Z'), Date.parse('2026-11-20T23:59:00Z'), cutoff)).toEqual([]);
    expect(overnightDays(Date.parse('2026-11-20T10:00:00Z'), Date.parse('2026-11-21T00:00:00Z'), cutoff)).toEqual(['2026-11-21']);
  });

  it('uses a 22:00 UTC cut-off: opened 21:59 and held to 22:00 is one day', () => {
    expect(overnightDays(Date.parse('2026-11-20T21:59:00Z'), Date.parse('2026-11-20T22:00:00Z'), 22 * 60)).toEqual(['2026-11-20']);
  });
});

describe('input schemas', () => {
  it('maps the legacy numbers: type 1 long, status 0 limit (price required), batch type 2 shorts, my_trade status 2 history', () => {
    const order = contractSubmitInput.parse({ currency_id: '3', legal_id: '1', share: '2', multiple: '10', type: '1', status: '0', target_price: '65000' });
    expect(order).toMatchObject({ type: 'long', status: 'limit', share: 2, target_price: '65000' });
    expect(contractSubmitInput.safeParse({ currency_id: 3, legal_id: 1, share: 2, multiple: 10, type: 2, status: 0 }).success).toBe(false);
    expect(contractSubmitInput.parse({ currency_id: 3, legal_id: 1, share: 2, multiple: 10, type: 2, status: 1, stop_loss_price: '0' }).stop_loss_price).toBeUndefined();
    expect(contractBatchCloseInput.parse({ type: '2' }).type).toBe('short');
    expect(contractMyTradeInput.parse({ status: '2' }).status).toBe('history');
  });
});

describe('account-level settlement', () => {
  it('settles the review\'s hedge as a whole: short back -130 and long back 260 with available 0 leave the user 130 and no shortfall', () => {
    // Closing the short alone: 130 short, which the rule answers by closing the long with it.
    expect(settleTogether('0', [{ id: 2, back: '-130' }]).shortfall).toBe('130');
    const whole = settleTogether('0', [
      { id: 2, back: '-130' },
      { id: 1, back: '260' },
    ]);
    expect(whole).toEqual({
      lines: [
        { id: 2, toUser: '0', fromUser: '130', shortfall: '0' },
        { id: 1, toUser: '260', fromUser: '0', shortfall: '0' },
      ],
      available: '130',
      shortfall: '0',
    });
  });

  it('pays the credits before the debits whatever the order (review B: long -130 then short 149.5 -> the user keeps 19.5)', () => {
    expect(settleTogether('0', [{ id: 1, back: '-130' }, { id: 2, back: '149.5' }])).toMatchObject({ available: '19.5', shortfall: '0' });
  });

  it('leaves a shortfall only for net negative equity: available 20 and one back of -190 -> 170', () => {
    expect(settleTogether('20', [{ id: 1, back: '-190' }])).toMatchObject({ available: '0', shortfall: '170' });
  });
});

describe('limit fills', () => {
  it('fills a long limit at 80000 at the mark 65010, a long at 64000 at 63900 and a short at 66000 at 66100 (the better of limit and mark)', () => {
    expect(limitFillPrice('long', '80000', '65010')).toBe('65010');
    expect(limitFillPrice('long', '64000', '63900')).toBe('63900');
    expect(limitFillPrice('short', '66000', '66100')).toBe('66100');
    expect(limitFillPrice('short', '66000', '65000')).toBe('66000');
  });
});

describe('overnight charges', () => {
  const floor = maintenanceMargin('65', '50', 2);
  it('keeps the margin above 65 x 50 % = 32.5 and takes the fee from available first', () => {
    expect(floor).toBe('32.5');
    expect(maintenanceMargin('0.333334', '20', 6)).toBe('0.066667');
    expect(overnightCharge({ fee: '0.195', available: '10', margin: '65', marginFloor: floor })).toEqual({ fromAvailable: '0.195', fromMargin: '0', close: false });
    expect(overnightCharge({ fee: '0.195', available: '0.1', margin: '65', marginFloor: floor })).toEqual({ fromAvailable: '0.1', fromMargin: '0.095', close: false });
  });

  it('closes a position whose available and spare margin cannot pay (margin 32.6: 0.1 taken), and skips a zero fee', () => {
    expect(overnightCharge({ fee: '0.195', available: '0', margin: '32.6', marginFloor: floor })).toEqual({ fromAvailable: '0', fromMargin: '0.1', close: true });
    expect(overnightCharge({ fee: '0', available: '0', margin: '0', marginFloor: '0' })).toEqual({ fromAvailable: '0', fromMargin: '0', close: false });
  });
});
