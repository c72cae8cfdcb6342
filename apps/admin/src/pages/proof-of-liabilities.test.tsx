/**
 * Proves the proof-of-liabilities screen against a faked API: it lists the published snapshots (the public
 * /api/transparency/liabilities) with their root and totals per coin, and "Take a snapshot now" sends
 * POST /api/admin/liabilities/snapshot and reloads the list.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiabilitiesSnapshotView } from '../api-transparency.ts';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { ProofOfLiabilitiesPage, proofOfLiabilitiesLoader } from './proof-of-liabilities.tsx';

const snapshot = (id: number, day: string, reason: LiabilitiesSnapshotView['reason']): LiabilitiesSnapshotView => ({
  id,
  day,
  taken_at: `${day}T00:05:00.000Z`,
  reason,
  coins: ['USDT', 'BTC'],
  root: `${id}`.repeat(64).slice(0, 64),
  totals: ['1250.5', '0.75'],
  leaf_count: 42,
  demo: false,
});
const page = () => renderPage({ path: '/liabilities', url: '/liabilities', loader: proofOfLiabilitiesLoader, Component: ProofOfLiabilitiesPage, role: 'admin' });

describe('proof of liabilities screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the snapshots and takes one on demand', async () => {
    let list = [snapshot(1, '2026-11-27', 'daily')];
    const api = fakeAdminApi({
      'GET /api/transparency/liabilities': () => ok(list),
      'POST /liabilities/snapshot': () => {
        list = [snapshot(2, '2026-11-28', 'operator'), ...list];
        return ok({ id: 2 });
      },
    });
    page();
    expect(await screen.findByText('1'.repeat(64))).toBeTruthy();
    expect(screen.getByText('USDT 1250.5')).toBeTruthy();
    expect(screen.getByText('Daily')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Take a snapshot now' })));
    await waitFor(() => expect(api.of('POST', '/liabilities/snapshot')).toHaveLength(1));
    expect(await screen.findByText('2'.repeat(64))).toBeTruthy();
    expect(screen.getByText('By an operator')).toBeTruthy();
    expect(await screen.findByText('Snapshot taken')).toBeTruthy();
  });

  it('says when there is no snapshot yet', async () => {
    fakeAdminApi({ 'GET /api/transparency/liabilities': ok([]) });
    page();
    expect(await screen.findByText('No snapshot yet')).toBeTruthy();
  });
});
