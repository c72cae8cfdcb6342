/**
 * Proves the agreement pages: the Chinese and English texts (profit share, revocation, no guarantees),
 * Apply refused until "I have read and accept" is ticked, then POST /follow/apply with the page's language
 * and accept 1, landing on the trader page; and no Apply while the user may not apply.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { me, openCopy, WAIT } from './test-fixtures.tsx';

const PENDING = me({ can_apply: false, cannot_apply_reason: 'pending', trader: { status: 'pending', reason: null, applied_at: Date.now(), decided_at: null, card: null, profit_share_received: '0' } });

/** The server's standing of the user: `standing` until they apply, under review after. */
function open(path: string, standing = me()) {
  let current = standing;
  const api = fakeOkApi({
    '/follow/me': () => current,
    '/follow/apply': () => (current = PENDING),
  });
  return { api, router: openCopy(path) };
}

describe('trader agreement', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('applies with the English agreement only once the box is ticked', async () => {
    const { api, router } = open('/pages/follow/agreement_en');
    const text = await screen.findByRole('article', { name: 'Copy Trading Trader Agreement' }, WAIT);
    expect(text.getAttribute('lang')).toBe('en');
    for (const part of ['Your positions are copied', 'Statistics come from real positions', 'No guarantees', 'Profit share', 'Review and revocation']) expect(text.textContent).toContain(part);
    const form = within(screen.getByRole('form', { name: 'Apply to become a trader' }));
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Apply to become a trader' })));
    expect(form.getByRole('alert').textContent).toBe('Please tick the box to accept the agreement first');
    expect(api.of('/follow/apply')).toHaveLength(0);
    fireEvent.click(form.getByLabelText('I have read and accept the trader agreement'));
    expect(form.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Apply to become a trader' })));
    await vi.waitFor(() => expect(api.of('/follow/apply')).toHaveLength(1), WAIT);
    expect(api.of('/follow/apply')[0]!.params).toMatchObject({ agreement: 'en', accept: '1' });
    expect(await screen.findByText('Application sent for review', undefined, WAIT)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/copytrade/trader'), WAIT);
    expect(await screen.findByRole('heading', { name: 'Your application is under review' }, WAIT)).toBeTruthy();
  });

  it('sends agreement zh from the Chinese page', async () => {
    const { api } = open('/pages/follow/agreement_zh');
    const text = await screen.findByRole('article', { name: '跟单交易员协议' }, WAIT);
    expect(text.getAttribute('lang')).toBe('zh-CN');
    expect(text.textContent).toContain('利润分成');
    const form = within(screen.getByRole('form', { name: 'Apply to become a trader' }));
    fireEvent.click(form.getByLabelText('I have read and accept the trader agreement'));
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Apply to become a trader' })));
    await vi.waitFor(() => expect(api.of('/follow/apply')[0]?.params).toMatchObject({ agreement: 'zh', accept: '1' }), WAIT);
  });

  it('offers no Apply while the user follows traders', async () => {
    open('/pages/follow/agreement_en', me({ can_apply: false, cannot_apply_reason: 'following' }));
    expect(await screen.findByText('Cancel your follows before applying to become a trader.', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
