/**
 * Proves the become-a-trader page through each standing GET /follow/me gives: no application (what it
 * means, and the two agreement pages), following traders (cancel first), under review, refused (the
 * reason and applying again), revoked (the reason and applying again), and approved (own statistics, followers, profit
 * share received, and the public page).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { me, openCopy, traderCard, WAIT } from '../follow/test-fixtures.tsx';

const APPLIED_AT = Date.parse('2026-11-20T08:00:00Z');
const standing = (status: 'pending' | 'approved' | 'rejected' | 'revoked', reason: string | null = null) => ({
  status,
  reason,
  applied_at: APPLIED_AT,
  decided_at: status === 'pending' ? null : APPLIED_AT + 86_400_000,
  card: status === 'approved' ? traderCard({ trader_user_id: 7, name: 'Ann' }) : null,
  profit_share_received: status === 'approved' ? '12.5' : '0',
});

function open(answer: ReturnType<typeof me>) {
  const api = fakeOkApi({ '/follow/me': answer });
  openCopy('/pages/copytrade/trader');
  return api;
}

describe('become a trader', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the role and links to both agreement pages when the user has not applied', async () => {
    open(me());
    const intro = await screen.findByRole('region', { name: 'Become a trader' }, WAIT);
    expect(intro.textContent).toContain('the follower pays you 10% of that profit');
    expect(screen.getByRole('link', { name: 'Agreement in Chinese (中文)' }).getAttribute('href')).toBe('/pages/follow/agreement_zh');
    expect(screen.getByRole('link', { name: 'Agreement in English' }).getAttribute('href')).toBe('/pages/follow/agreement_en');
  });

  it('says follows must be cancelled first when the user follows traders', async () => {
    open(me({ can_apply: false, cannot_apply_reason: 'following', follower: { following: 2, follow_amount: '100', earnings: '0', open_copies: 1, self_held: 0 } }));
    expect((await screen.findByRole('note', undefined, WAIT)).textContent).toContain('You follow 2 traders: cancel your follows before applying to become a trader.');
    expect(screen.queryByRole('link', { name: 'Agreement in English' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My follows' }).getAttribute('href')).toBe('/pages/copytrade/copy');
  });

  it('shows an application under review, without the agreements', async () => {
    open(me({ can_apply: false, cannot_apply_reason: 'pending', trader: standing('pending') }));
    expect(await screen.findByRole('heading', { name: 'Your application is under review' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Agreement in English' })).toBeNull();
  });

  it('shows a refusal with its reason and lets the user apply again', async () => {
    open(me({ trader: standing('rejected', 'Too few closed positions') }));
    const decision = await screen.findByRole('region', { name: 'My trader application' }, WAIT);
    expect(within(decision).getByRole('heading', { name: 'Your application was not approved' })).toBeTruthy();
    expect(decision.textContent).toContain('Reason: Too few closed positions');
    expect(screen.getByText('You may apply again: read and accept the trader agreement.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agreement in English' })).toBeTruthy();
  });

  it('shows a revocation with its reason, and a new application to make', async () => {
    open(me({ trader: standing('revoked', 'Misleading statements to followers') }));
    const decision = await screen.findByRole('region', { name: 'My trader application' }, WAIT);
    expect(decision.textContent).toContain('Your trader status was revoked');
    expect(decision.textContent).toContain('Reason: Misleading statements to followers');
    expect(screen.getByRole('link', { name: 'Agreement in English' })).toBeTruthy();
  });

  it('shows an approved trader their statistics, followers, profit share received and public page', async () => {
    open(me({ can_apply: false, cannot_apply_reason: 'approved', trader: standing('approved') }));
    const head = await screen.findByRole('region', { name: 'Ann' }, WAIT);
    expect(within(head).getByText('Profit share received').nextElementSibling?.textContent).toBe('12.5 USDT');
    expect(within(head).getByText('Followers').nextElementSibling?.textContent).toBe('1250');
    expect(within(head).getByRole('link', { name: 'View my public trader page' }).getAttribute('href')).toBe('/pages/follow/trader?id=7');
    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('Total return').nextElementSibling?.textContent).toBe('8.00%');
    expect(within(stats).getByText('Accuracy').nextElementSibling?.textContent).toBe('66.67%');
  });
});
