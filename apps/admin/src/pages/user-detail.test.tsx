/**
 * Proves the user page's freeze button against a faked /api/admin: an admin freezes a user with a
 * reason (the call carries both and the page reloads the user's state), and a frozen user offers
 * unfreezing instead; other roles see no button.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, UserDetail } from '../api.ts';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { UserDetailPage, userDetailLoader } from './user-detail.tsx';

const detail = (frozen: boolean): UserDetail => ({
  user: {
    id: 7,
    account: 'victim@example.com',
    email: 'victim@example.com',
    mobile: null,
    nickname: null,
    extension_code: 'ABC123',
    parent_id: null,
    frozen,
    created_at: '2026-11-01T00:00:00.000Z',
    area_code: '86',
    signature: null,
    head_portrait: null,
    credit_score: 100,
  },
  accounts: [],
  sessions: 1,
});
const page = (role: Role) => renderPage({ path: '/users/:id', url: '/users/7', loader: userDetailLoader, Component: UserDetailPage, role });

describe('user page freeze button', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('freezes a user with the reason the admin gives, then offers unfreezing', async () => {
    let frozen = false;
    const api = fakeAdminApi({
      'GET /users/7': () => ok(detail(frozen)),
      'GET /coins': ok({ coins: [], exchange_fee_rate: '0', recharge_contact_first: false }),
      'POST /users/7/freeze': (call) => {
        frozen = call.body?.frozen === true;
        return ok({ id: 7, frozen });
      },
    });
    page('admin');
    const freeze = await screen.findByRole('button', { name: 'Freeze user' }, { timeout: 10_000 });
    await act(async () => fireEvent.click(freeze));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'account reported stolen' } });
    // The dialog's own confirm button (the page's button of the same name comes first).
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Freeze user' }).at(-1)!));
    await waitFor(() => expect(api.of('POST', '/users/7/freeze')[0]?.body).toMatchObject({ frozen: true, reason: 'account reported stolen' }));
    expect(await screen.findByRole('button', { name: 'Unfreeze user' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows no freeze button to a support operator', async () => {
    fakeAdminApi({ 'GET /users/7': ok(detail(false)) });
    page('support');
    expect(await screen.findByRole('heading', { name: /victim@example\.com/ }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Freeze user' })).toBeNull();
  });
});
