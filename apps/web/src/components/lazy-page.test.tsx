/**
 * Proves the on-demand page loading of spec section 2 with fake timers: nothing shows for the first
 * 200 ms, then the loading view; a page that has not arrived after 60 s ends in the error view, which
 * names the failure type and the file; a failed import is reported as a missing file.
 */
import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { lazyPage } from './lazy-page.tsx';
import { PageBoundary } from './page-boundary.tsx';
import { PageLoading } from './page-loading.tsx';

function renderPage(Page: ReturnType<typeof lazyPage>) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PageBoundary>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </PageBoundary>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('lazy pages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // React reports an error caught by a boundary on the console; the view is what is checked here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the loading view only after 200 ms, and the error view after 60 s', async () => {
    const Page = lazyPage('pages/slow/slow', () => new Promise<never>(() => {}), () => () => null);
    renderPage(Page);

    await act(async () => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('Loading…');

    await act(async () => vi.advanceTimersByTime(60_000));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Loading took longer than 60 seconds.');
    expect(alert.textContent).toContain('Page: pages/slow/slow');
  });

  it('renders the page once it arrives', async () => {
    const Page = lazyPage('pages/quick/quick', async () => ({ QuickPage: () => <p>quick page</p> }), (module) => module.QuickPage);
    renderPage(Page);

    await act(async () => {});
    expect(screen.getByText('quick page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('starts the page\'s prefetch together with its file (in the next task), before the file has arrived', async () => {
    const prefetch = vi.fn();
    let arrive: (module: { QuickPage: ComponentType }) => void = () => undefined;
    const Page = lazyPage('pages/quick/quick', () => new Promise<{ QuickPage: ComponentType }>((resolve) => (arrive = resolve)), (module) => module.QuickPage, { prefetch });
    renderPage(Page);

    await act(async () => vi.advanceTimersByTime(0));
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('quick page')).toBeNull();
    await act(async () => arrive({ QuickPage: () => <p>quick page</p> }));
    expect(screen.getByText('quick page')).toBeTruthy();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded page at once, without the loading view in between', async () => {
    const Page = lazyPage('pages/quick/quick', async () => ({ QuickPage: () => <p>quick page</p> }), (module) => module.QuickPage);
    await Page.preload!();
    renderPage(Page);
    expect(screen.getByText('quick page')).toBeTruthy();
  });

  it('reports a failed import as a missing page file', async () => {
    const Page = lazyPage('pages/gone/gone', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/gone.js')), () => () => null);
    renderPage(Page);

    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toContain('The page file was not found.');
  });
});
