/**
 * Proves the login gate of spec section 6 through the real route table: a protected page without a
 * token toasts "please log in first" and lands on the login page after 1.2 s (fake timers); with a
 * token, or on a public page, the page renders and nothing is shown or redirected.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../store/store.ts';
import { fakeOkApi } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

describe('login gate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('toasts and redirects to login after 1.2 s when a protected page is opened without a token', async () => {
    const { router } = renderApp('/pages/game/game');

    await act(async () => {});
    expect(document.body.textContent).toContain('Please log in first');
    expect(screen.queryByText('Coming soon')).toBeNull();

    act(() => vi.advanceTimersByTime(1199));
    expect(router.state.location.pathname).toBe('/pages/game/game');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/pages/common/login');
  });

  it('renders the protected page when a token is stored', async () => {
    saveToken('a-token');
    const { router } = renderApp('/pages/game/game');

    await act(async () => {});
    // The page's title and its label-only heading both name the shortcut (routes.tsx).
    expect(screen.getByRole('heading', { level: 1, name: 'Mini game' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Mini game' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Please log in first');

    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/pages/game/game');
  });

  it('lets anyone open a public page', async () => {
    fakeOkApi({});
    const { router } = renderApp('/pages/common/faq');

    // The page's file loads on demand (and its text from the server, unanswered here).
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Please log in first');
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/pages/common/faq');
  });

  it('cancels the redirect when the user leaves the protected page first', async () => {
    fakeOkApi({});
    const { router } = renderApp('/pages/setting/bill');
    await act(async () => {});

    await act(async () => {
      await router.navigate('/pages/common/contactus');
    });
    await act(() => vi.dynamicImportSettled());
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/pages/common/contactus');
  });
});
