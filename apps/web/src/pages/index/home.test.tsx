/**
 * Proves the home page's parts of the notifications: the header's bell with the unread count for a
 * logged-in user (none without a session), opening the list in settings; and the label-only shortcuts
 * (super leverage, mini game, chat room), which say in the reader's language what they are and that
 * they are not offered, without leaving home (the mini game's own page says the same), while the other
 * shortcuts stay links to their pages.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { SHORTCUTS } from './shortcuts.ts';

const WAIT = { timeout: 5000 };

describe('home', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the bell with the unread count, which opens the notification list', async () => {
    saveToken('a-token');
    fakeOkApi({ '/user/info': USER, '/notification/unread': { unread: 3 }, '/notification/list': { data: [], total: 0, page: 1, limit: 10 } });
    const { router } = renderApp('/');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' }, WAIT);
    fireEvent.click(bell);
    await vi.waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/pages/setting/setting', search: '?notices=1' }), WAIT);
    expect(await screen.findByRole('dialog', { name: 'Notifications' }, WAIT)).toBeTruthy();
  });

  it('shows no bell without a session', async () => {
    fakeOkApi({});
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });

  it.each([
    ['Super leverage', 'Super leverage is a label only: FairEx does not offer leveraged margin trading. Futures, with the multiple you choose, are under Futures.'],
    ['Mini game', 'The mini game is a label only: FairEx offers no game.'],
    ['Chat room', 'The chat room is a label only: FairEx has no public chat. For help, contact customer service.'],
  ])('says what "%s" is and that it is not offered, staying on home', async (label, text) => {
    fakeOkApi({});
    const { router } = renderApp('/');
    const shortcuts = within(await screen.findByRole('region', { name: 'Services' }, WAIT));
    await act(async () => fireEvent.click(shortcuts.getByRole('button', { name: label })));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain(label);
    expect(dialog.textContent).toContain(text);
    expect(router.state.location.pathname).toBe('/');
  });

  it('says on the mini game page what its home shortcut says, with a way home', async () => {
    saveToken('a-token');
    fakeOkApi({ '/user/info': USER });
    renderApp('/pages/game/game');
    expect(await screen.findByText('The mini game is a label only: FairEx offers no game.', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('keeps every other shortcut a link to its page, and no label-only one a path', () => {
    expect(SHORTCUTS.filter((s) => s.path === null).map((s) => s.key)).toEqual(['superLeverage', 'miniGame', 'chatRoom']);
    expect(SHORTCUTS.filter((s) => s.path !== null)).toHaveLength(19);
  });
});
