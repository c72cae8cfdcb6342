/**
 * Proves the mining explainer: every rule in the reader's language, and a worked example on the first
 * product on offer computed by the contract's rules (a day's interest, the penalty with the days left).
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { MiningWelcomePage } from './welcome.tsx';
import { openAt, product } from './test-fixtures.tsx';

const open = (products: unknown[]) => {
  fakeOkApi({ '/lh/deposit/config': products });
  openAt('/pages/lockming/welcome', { path: '/pages/lockming/welcome', Component: MiningWelcomePage });
};

describe('how lock-up mining works', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('works the example on the first product: 100 USDT a day at 0.35% = 0.35, redeemed with 4 days left: 0.4% × 4 × 100 = 1.6, 98.4 back', async () => {
    open([product(), product({ id: 2, name: 'Other' })]);
    expect(await screen.findByText('USDT lock-up · 5 days: 100 USDT locked for 5 days.')).toBeTruthy();
    expect(screen.getByText("At today's rate of 0.35%, one day earns 0.35 USDT.")).toBeTruthy();
    expect(
      screen.getByText('Redeemed early with 4 days left: the penalty is 0.4% × 4 × 100 USDT = 1.6 USDT, and 98.4 USDT returns to your spot account.'),
    ).toBeTruthy();
  });

  it('explains the rules without an example when no product is on offer', async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'How lock-up mining works' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText(/Interest accrues from the day of deposit/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Worked example' })).toBeNull();
  });

  it('speaks the reader\'s language', async () => {
    const { loadLanguage } = await import('../../i18n/index.ts');
    await loadLanguage('zh');
    await i18n.changeLanguage('zh');
    open([product()]);
    expect(await screen.findByRole('heading', { name: '锁仓挖矿说明' })).toBeTruthy();
    expect(screen.getByText(/违约金 = 违约金比例 × 剩余天数 × 金额/)).toBeTruthy();
  });
});
