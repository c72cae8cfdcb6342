/**
 * Proves the verification status page (where a 998 lands) shows the user's real state from GET
 * /real/state: not verified with what Lv1 and Lv2 unlock (figures with digit grouping), Lv1 under
 * review, Lv1 rejected with the operator's reason, Lv1 verified leading on to Lv2, and the same for Lv2,
 * each with the one step the user can take next.
 */
import type { IdentityState } from '@fairex/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { identityStatus } from '../../test/identity-status.ts';
import { renderApp } from '../../test/render-app.tsx';
import { nextStep } from './real_mark.tsx';


/** The status list's row texts, label then value. */
async function statusRows() {
  const group = await screen.findByRole('region', { name: 'Verification status' });
  return [...group.querySelectorAll('.cell')].map((cell) => [...cell.children].map((part) => part.textContent));
}

const open = (state: ReturnType<typeof identityStatus>) => {
  saveToken('a-token');
  fakeOkApi({ '/real/state': state });
  return renderApp('/pages/setting/real_mark');
};

describe('verification status page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains verification before any, with what each level unlocks in grouped figures, and opens the form', async () => {
    const { router } = open(identityStatus('not_authenticated'));
    expect(await screen.findByRole('heading', { name: 'Identity verification required' })).toBeTruthy();
    expect(await statusRows()).toEqual([
      ['Lv1 basic verification', 'Not verified'],
      ['Lv2 advanced verification', 'Not verified'],
    ]);
    const unlocks = screen.getByRole('region', { name: 'What each level unlocks' });
    expect(unlocks.textContent).toContain('Withdrawals up to 200 BTC per 24 hours');
    expect(unlocks.textContent).toContain('Fiat trades up to 2,000 USDT per order');
    expect(unlocks.textContent).toContain('Withdrawals up to 500 BTC per 24 hours');
    expect(unlocks.textContent).toContain('Fiat trades up to 1,000,000 USDT per order');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify now (Lv1)' })));
    expect(router.state.location.pathname).toBe('/pages/setting/real');
  });

  it('shows Lv1 under review with no step to take', async () => {
    open(identityStatus('under_review'));
    expect((await statusRows())[0]).toEqual(['Lv1 basic verification', 'Under review']);
    expect(screen.getByText('Your documents are under review. We will update the status once it is done.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Verify now|Submit again|Lv2/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Identity verification required' })).toBeNull();
  });

  it('shows Lv1 rejected with the operator’s reason and offers to submit again', async () => {
    const { router } = open(identityStatus('audit_failed', 'not_authenticated', 'The photo is blurred'));
    expect((await statusRows())[0]).toEqual(['Lv1 basic verification', 'Not approved']);
    expect(screen.getByText('Not approved: The photo is blurred')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit again' })));
    expect(router.state.location.pathname).toBe('/pages/setting/real');
  });

  it('shows Lv1 verified with its limits and leads on to Lv2', async () => {
    open(identityStatus('authenticated'));
    expect(await statusRows()).toEqual([
      ['Lv1 basic verification', 'Verified'],
      ['Lv2 advanced verification', 'Not verified'],
      ['24-hour withdrawal limit', '200 BTC'],
      ['Fiat trade limit per order', '2,000 USDT'],
    ]);
    expect(screen.getByRole('button', { name: 'Continue to Lv2' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What each level unlocks' })).toBeTruthy();
  });

  it('shows Lv2 under review, and Lv2 rejected with its reason', async () => {
    const first = open(identityStatus('authenticated', 'under_review'));
    expect((await statusRows())[1]).toEqual(['Lv2 advanced verification', 'Under review']);
    expect(screen.queryByRole('button', { name: /Lv2|Submit again/ })).toBeNull();
    first.unmount();
    open(identityStatus('authenticated', 'audit_failed', 'The back photo is missing a corner'));
    expect((await statusRows())[1]).toEqual(['Lv2 advanced verification', 'Not approved']);
    expect(screen.getByText('Not approved: The back photo is missing a corner')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeTruthy();
  });

  it('shows Lv2 verified with the higher limits, grouped, and nothing left to do', async () => {
    open(identityStatus('authenticated', 'authenticated'));
    expect((await statusRows()).slice(2)).toEqual([
      ['24-hour withdrawal limit', '500 BTC'],
      ['Fiat trade limit per order', '1,000,000 USDT'],
    ]);
    expect(screen.getByText('Your identity is fully verified.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Verify|Submit|Lv2/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'What each level unlocks' })).toBeNull();
  });

  it('picks the next step from both levels', () => {
    const step = (basic: IdentityState, advanced: IdentityState = 'not_authenticated') => nextStep({ basic: { state: basic, reason: null }, advanced: { state: advanced, reason: null } } as never);
    expect(step('not_authenticated')).toBe('verifyLevel1');
    expect(step('under_review')).toBeUndefined();
    expect(step('audit_failed')).toBe('submitAgain');
    expect(step('authenticated')).toBe('verifyLevel2');
    expect(step('authenticated', 'under_review')).toBeUndefined();
    expect(step('authenticated', 'audit_failed')).toBe('submitAgain');
    expect(step('authenticated', 'authenticated')).toBeUndefined();
  });
});
