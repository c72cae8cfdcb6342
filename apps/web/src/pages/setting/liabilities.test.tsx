/**
 * Proves the proof-of-liabilities screen: a proof built by the contract's own tree (buildLevels, pathOf)
 * shows its snapshot, the user's balances line by line (account and bucket names translated, a position
 * marked as not counted), and verifies in the page with each hash on the way up and against the published
 * snapshot; a tampered proof shows the failure and its reason, a snapshot other than the published one a
 * warning; the download is the proof itself as fairex-proof-<id>.json; no snapshot yet
 * and no leaf (held nothing) each have their own state.
 */
import { buildLevels, leafNode, pathOf, type LiabilitiesProof, type LiabilitiesProofAnswer, type PolLeafInput } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { LiabilitiesPage } from './liabilities.tsx';

const COINS = ['BTC', 'USDT'];
const E18 = 10n ** 18n;
const salt = (n: number) => n.toString(16).padStart(64, '0');

const mine: PolLeafInput = {
  user_id: 7,
  salt: salt(1),
  sums: [0n, 105n * E18],
  detail: ['USDT:contract:available=5', 'USDT:position:BTC/USDT:long:2=-3.5', 'USDT:spot:available=100'],
};
const others: PolLeafInput[] = [
  { user_id: 8, salt: salt(2), sums: [E18 / 2n, 0n], detail: ['BTC:spot:frozen=0.5'] },
  { user_id: 9, salt: salt(3), sums: [0n, 20n * E18], detail: ['USDT:fiat:locked=20'] },
];

/** The user's proof out of a real three-leaf tree, as GET /api/liabilities/proof answers it. */
function built(): LiabilitiesProofAnswer {
  const leaves = [mine, ...others].map((leaf) => ({ leaf, node: leafNode(leaf) })).sort((a, b) => (a.node.hash < b.node.hash ? -1 : 1));
  const levels = buildLevels(leaves.map((l) => l.node), COINS.length);
  const position = leaves.findIndex((l) => l.leaf === mine);
  const root = levels.at(-1)![0]!;
  const proof: LiabilitiesProof = {
    version: 1,
    snapshot: { id: 12, taken_at: '2026-11-28T00:00:00.000Z', coins: COINS, root: root.hash, totals: root.sums.map(String) },
    leaf: { position, user_id: 7, salt: mine.salt, sums: mine.sums.map(String), detail: mine.detail },
    path: pathOf(levels, position, COINS.length),
  };
  return {
    snapshot: { id: 12, day: '2026-11-28', taken_at: '2026-11-28T00:00:00.000Z', reason: 'daily', coins: COINS, root: root.hash, totals: ['0.5', '125'], leaf_count: 3, demo: false },
    proof,
  };
}

/** The page over `answer`, with `published` as GET /transparency/liabilities lists it (by default the answer's own snapshot). */
function open(answer: LiabilitiesProofAnswer | Record<string, unknown>, published: unknown = [answer.snapshot]) {
  saveToken('a-token');
  const api = fakeOkApi({ '/liabilities/proof': answer, '/transparency/liabilities': published });
  renderRoutes([{ path: '/pages/setting/liabilities', Component: LiabilitiesPage }], '/pages/setting/liabilities');
  return api;
}

async function check() {
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Check my inclusion' })));
}

describe('proof of liabilities', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the snapshot, its root and totals, and the user\'s balances line by line with the position apart', async () => {
    const answer = built();
    open(answer);
    const snapshot = await screen.findByRole('region', { name: 'Snapshot' });
    expect(within(snapshot).getByText('Published root').nextElementSibling?.querySelector('code')?.textContent).toBe(answer.snapshot.root);
    expect(within(snapshot).getByText('Accounts included').nextElementSibling?.textContent).toBe('3');
    expect(within(snapshot).getByText('Daily')).toBeTruthy();
    const totals = within(snapshot).getByLabelText('Totals owed to all users');
    expect(within(totals).getByText('USDT').nextElementSibling?.textContent).toBe('125');

    const balances = screen.getByRole('region', { name: 'Your balances in this snapshot' });
    const usdt = within(balances).getByRole('listitem', { name: 'USDT' });
    expect(usdt.textContent).toContain('Counted for you 105');
    expect(usdt.textContent).toContain('Spot account · available100 USDT');
    expect(usdt.textContent).toContain('Contract account · available5 USDT');
    expect(usdt.textContent).toContain('BTC/USDT · Long · 2 lots');
    expect(usdt.textContent).toContain('Unrealised P&L -3.5 USDT not counted in the sums');
    // The user held no BTC: no empty coin is listed.
    expect(within(balances).queryByRole('listitem', { name: 'BTC' })).toBeNull();
  });

  it('verifies a proof built by the contract\'s tree in the page, showing each hash up to the root', async () => {
    const answer = built();
    open(answer);
    await check();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('✓ Included: your balances are counted in this root and its totals');
    expect(status.textContent).toContain('✓ This snapshot is the one published for everyone: the same root, coins in the same order and totals');
    const steps = within(screen.getByRole('list', { name: 'Check my inclusion' })).getAllByRole('listitem');
    // Three leaves: the leaf, then two levels up to the root.
    expect(steps.map((s) => s.firstElementChild?.textContent)).toEqual(['Your leaf', 'Level 1', 'Level 2: the root']);
    expect(steps[0]!.textContent).toContain(leafNode(mine).hash);
    expect(steps.at(-1)!.textContent).toContain(answer.snapshot.root);
    expect(screen.getByRole('link', { name: 'Compare on the transparency page' }).getAttribute('href')).toBe('/pages/common/transparency');
  });

  it('shows the failure and its reason for a tampered proof', async () => {
    const answer = built();
    const proof = answer.proof!;
    // A larger balance claimed than the tree holds: the lines and sums agree, the root no longer does.
    const tampered: LiabilitiesProof = { ...proof, leaf: { ...proof.leaf, sums: ['0', String(1005n * E18)], detail: ['USDT:contract:available=905', ...proof.leaf.detail.slice(1)] } };
    open({ ...answer, proof: tampered });
    await check();
    expect((await screen.findByRole('status')).textContent).toContain('✗ Not verified: the recomputed root differs from the snapshot\'s root');
  });

  it('names a leaf whose lines do not add up to its sums', async () => {
    const answer = built();
    const proof = answer.proof!;
    open({ ...answer, proof: { ...proof, leaf: { ...proof.leaf, sums: ['0', String(106n * E18)] } } });
    await check();
    expect((await screen.findByRole('status')).textContent).toContain('✗ Not verified: your balance lines do not add up to your leaf\'s sums');
    expect(screen.queryByRole('list', { name: 'Check my inclusion' })).toBeNull();
  });

  it('warns when the proof\'s snapshot is not the one published for everyone, though its path verifies', async () => {
    const answer = built();
    // The same snapshot id published with another tree: a proof made for this user alone.
    open(answer, [{ ...answer.snapshot, root: 'f'.repeat(64) }]);
    await check();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('✓ Included');
    expect(status.textContent).toContain('✗ This snapshot differs from the one published for everyone: do not rely on this proof');
  });

  it('asks the user to compare the root themselves when the published snapshots cannot be read', async () => {
    const answer = built();
    saveToken('a-token');
    fakeApi({ '/liabilities/proof': { type: 'ok', message: answer }, '/transparency/liabilities': { type: 'error', message: 'Too many requests' } });
    renderRoutes([{ path: '/pages/setting/liabilities', Component: LiabilitiesPage }], '/pages/setting/liabilities');
    await check();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('✓ Included');
    expect(status.textContent).toContain('The published snapshots could not be read: compare the root yourself on the transparency page');
  });

  it('downloads the proof as fairex-proof-<snapshot id>.json', async () => {
    const answer = built();
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:proof';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    open(answer);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Download proof (JSON)' })));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('fairex-proof-12.json');
    expect(clicked[0]!.href).toBe('blob:proof');
    expect(JSON.parse(await saved!.text())).toEqual(answer.proof);
  });

  it('says so when the user held nothing at the snapshot', async () => {
    open({ ...built(), proof: null });
    const balances = await screen.findByRole('region', { name: 'Your balances in this snapshot' });
    expect(within(balances).getByText('You held nothing at the moment of this snapshot, so it has no leaf of yours.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check my inclusion' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download proof (JSON)' })).toBeNull();
  });

  it('says so when no snapshot has been taken yet, without an error', async () => {
    saveToken('a-token');
    fakeApi({ '/liabilities/proof': { type: 'error', code: 'not_found', message: 'Not found' } });
    renderRoutes([{ path: '/pages/setting/liabilities', Component: LiabilitiesPage }], '/pages/setting/liabilities');
    expect(await screen.findByText('No snapshot has been taken yet. One is taken every day: come back tomorrow.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Not found')).toBeNull();
  });
});
