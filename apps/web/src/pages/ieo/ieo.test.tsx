/**
 * Proves the IEO list: each project as a card with its state, issue price, issuance, a progress bar
 * capped at 100 % and a countdown to its start or end; a card opens the subscription screen of its
 * project, the header button the user's records; the list pages with "load more" and says so at the end.
 */
import type { IeoProjectView } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { DAY_MS, project } from './fixtures.ts';

const page = (data: IeoProjectView[], total = data.length, pageNo = 1) => ({ data, total, page: pageNo, limit: 10 });

describe('IEO projects', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each project with its state, 0.05 USDT, 10.0M tokens, 25 % progress and the time left to its end or start', async () => {
    const now = Date.now();
    fakeOkApi({
      '/project': page([
        project(),
        project({ id: 2, name: 'GridLink (GRID)', currency: 'GRID', state: 'warmup', start_at: now + 3 * DAY_MS + 5_000, end_at: now + 8 * DAY_MS, progress: '0' }),
        project({ id: 3, name: 'Oversold (OVR)', currency: 'OVR', state: 'ended', start_at: now - 9 * DAY_MS, end_at: now - DAY_MS, progress: '100' }),
      ]),
    });
    renderApp('/pages/ieo/ieo');
    const fair = await screen.findByRole('link', { name: /FairEx Demo Token/ });
    expect(within(fair).getByText('In progress')).toBeTruthy();
    expect(within(fair).getByText('0.05 USDT')).toBeTruthy();
    expect(within(fair).getByText('10.0M FAIR')).toBeTruthy();
    expect(within(fair).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(fair).getByRole('timer').textContent).toMatch(/^Ends in 2d 03:00:(29|30)$/);
    const grid = screen.getByRole('link', { name: /GridLink/ });
    expect(within(grid).getByText('Warm-up')).toBeTruthy();
    expect(within(grid).getByRole('timer').textContent).toMatch(/^Starts in 3d 00:00:0[45]$/);
    const ended = screen.getByRole('link', { name: /Oversold/ });
    expect(within(ended).getByText('Ended')).toBeTruthy();
    expect(within(ended).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(ended).queryByRole('timer')).toBeNull();
  });

  it('opens the subscription screen of a project from its card, and the records from the header', async () => {
    fakeOkApi({ '/project': page([project({ id: 7 })]) });
    const { router } = renderApp('/pages/ieo/ieo');
    expect((await screen.findByRole('link', { name: /FairEx Demo Token/ })).getAttribute('href')).toBe('/pages/ieo/subscribe?id=7');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'My subscriptions' })));
    expect(router.state.location.pathname).toBe('/pages/ieo/order');
  });

  it('loads the next page with "load more" and says "no more data" after the last', async () => {
    const first = Array.from({ length: 10 }, (_, i) => project({ id: i + 1, name: `Project ${i + 1}` }));
    const api = fakeOkApi({ '/project': (params: Record<string, string>) => (params.page === '2' ? page([project({ id: 11, name: 'Project 11' })], 11, 2) : page(first, 11)) });
    renderApp('/pages/ieo/ieo');
    await screen.findByRole('link', { name: /Project 10/ });
    expect(screen.queryByRole('link', { name: /Project 11/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByRole('link', { name: /Project 11/ })).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/project').map((c) => c.params.page)).toEqual(['1', '2']);
  });

  it('says so when there is no project yet', async () => {
    fakeOkApi({ '/project': page([]) });
    renderApp('/pages/ieo/ieo');
    expect(await screen.findByText('No projects yet')).toBeTruthy();
  });
});
