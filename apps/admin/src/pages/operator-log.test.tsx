/**
 * Proves the operator log screen shows the hash chain's state from a faked /api/admin: verified with the
 * entry count and the head hash, or "broken at entry N" as an alert, and the recorded daily heads.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorLogChainCheck, OperatorLogHeadView } from '../api-transparency.ts';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { OperatorLogPage, operatorLogLoader } from './operator-log.tsx';

const HEAD = 'ab'.repeat(32);
const ROWS = { data: [{ id: 9, operator: 'admin', action: 'user_freeze', target: 'user:4', detail: { reason: 'fraud' }, created_at: '2026-11-27T10:00:00.000Z' }], total: 1, page: 1, limit: 10 };
const HEADS: OperatorLogHeadView[] = [
  { day: '2026-11-27', seq: 9, hash: HEAD },
  { day: '2026-11-26', seq: 4, hash: 'cd'.repeat(32) },
];
const check = (over: Partial<OperatorLogChainCheck>): OperatorLogChainCheck => ({ ok: true, entries: 9, first_broken_seq: null, heads_checked: 2, head: { seq: 9, hash: HEAD }, ...over });
const page = () => renderPage({ path: '/operator-log', url: '/operator-log', loader: operatorLogLoader, Component: OperatorLogPage, role: 'admin' });

describe('operator log screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a verified chain with its entries, head and the daily heads', async () => {
    const api = fakeAdminApi({ 'GET /audit-log': ok(ROWS), 'GET /operator-log/verify': ok(check({})), 'GET /operator-log/heads': ok(HEADS) });
    page();
    expect(await screen.findByText('Chain verified ✓')).toBeTruthy();
    expect(screen.getByText(`#9 ${HEAD}`)).toBeTruthy();
    expect(screen.getByText('2026-11-26')).toBeTruthy();
    expect(screen.getByText('cd'.repeat(32))).toBeTruthy();
    expect(screen.getByText('user_freeze')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Chain verified ✓');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.of('GET', '/operator-log/heads')[0]?.query.days).toBe('14');
  });

  it('shows where the chain breaks', async () => {
    fakeAdminApi({ 'GET /audit-log': ok(ROWS), 'GET /operator-log/verify': ok(check({ ok: false, first_broken_seq: 3 })), 'GET /operator-log/heads': ok(HEADS) });
    page();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Chain broken at entry 3');
    expect(screen.queryByText('Chain verified ✓')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
