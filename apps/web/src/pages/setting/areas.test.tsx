/**
 * Proves settings' area-code list: the mobile binding form's area-code button opens it, it lists the
 * countries and regions with their codes in the reader's language, finds one by name or code, and the
 * choice returns to the form with the new code.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const WAIT = { timeout: 5000 };

describe('settings area codes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens from the binding form, finds a code by name or number, and returns it to the form", async () => {
    saveToken('a-token');
    fakeOkApi({ '/user/info': USER });
    const { router } = renderApp('/pages/setting/security');
    fireEvent.click(await screen.findByRole('button', { name: /^Mobile/ }, WAIT));
    const form = within(await screen.findByRole('dialog', { name: 'Bind mobile number' }, WAIT));
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Country or region code +86' })));
    expect(router.state.location.pathname).toBe('/pages/setting/areas');

    const list = await screen.findByRole('list', { name: 'Country or region' }, WAIT);
    expect(within(list).getByRole('button', { name: /Japan\s*\+81/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or code' }), { target: { value: '+44' } });
    const found = within(screen.getByRole('list', { name: 'Country or region' })).getAllByRole('button');
    expect(found.map((b) => b.textContent)).toEqual(['United Kingdom+44']);
    await act(async () => fireEvent.click(found[0]!));
    // The page goes back (a memory router keeps no browser history to go back in: the test returns itself).
    await act(async () => router.navigate('/pages/setting/security'));
    fireEvent.click(await screen.findByRole('button', { name: /^Mobile/ }, WAIT));
    const again = within(await screen.findByRole('dialog', { name: 'Bind mobile number' }, WAIT));
    expect(again.getByRole('button', { name: 'Country or region code +44' })).toBeTruthy();
  });
});
