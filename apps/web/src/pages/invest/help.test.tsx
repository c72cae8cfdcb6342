/**
 * Proves the help screen: settlement at 16:00 on the maturity date on the recorded index, both branches
 * with worked examples computed by the contract's rules (0.01 BTC at 66000: 0.01007 BTC or 664.62 USDT;
 * 1000 USDT at 64000: 1007 USDT or 0.01573437 BTC), no cancellation, and every text translated.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../../i18n/index.ts';
import { setState } from '../../store/store.ts';
import { renderInvest } from './test-support.tsx';

describe('dual investment help', () => {
  afterEach(async () => {
    setState({ lang: 'en' });
    await act(async () => void (await i18n.changeLanguage('en')));
  });

  it('explains settlement, both branches with worked examples at factor 1.007, and that a purchase cannot be cancelled', async () => {
    renderInvest('/pages/invest/help');
    expect(await screen.findByRole('heading', { name: 'When and how it settles' })).toBeTruthy();
    expect(screen.getByText(/automatic at 16:00 in the platform time zone on the maturity date/)).toBeTruthy();
    expect(screen.getByText('Example: 0.01 BTC, linked price 66000, APR 36.5%, 7 days (factor 1.007).')).toBeTruthy();
    expect(screen.getByText('If the index at settlement is below 66000: you receive 0.01007 BTC')).toBeTruthy();
    expect(screen.getByText('Otherwise, at or above 66000: you receive 664.62 USDT')).toBeTruthy();
    expect(screen.getByText('If the index at settlement is above 64000: you receive 1007 USDT')).toBeTruthy();
    expect(screen.getByText('Otherwise, at or below 64000: you receive 0.01573437 BTC')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No cancellation' })).toBeTruthy();
  });

  it('reads in Chinese with the same figures', async () => {
    applyLanguage('zh');
    await expect.poll(() => i18n.language).toBe('zh');
    renderInvest('/pages/invest/help');
    expect(await screen.findByRole('heading', { name: '什么是双币投资' })).toBeTruthy();
    expect(screen.getByText('若结算时指数低于 66000：您将获得 0.01007 BTC')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '不可取消' })).toBeTruthy();
  });
});
