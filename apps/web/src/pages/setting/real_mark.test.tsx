/** Proves the page a 998 answer lands on: it says verification is needed and opens the verification page. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('identity required (998)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains that the feature needs verification and opens the verification page', async () => {
    saveToken('a-token');
    fakeOkApi({});
    const { router } = renderApp('/pages/setting/real_mark');
    expect(await screen.findByRole('heading', { name: 'Identity verification required' })).toBeTruthy();
    expect(screen.getByText('This feature is available after you verify your identity. Verification takes a few minutes.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify now' })));
    expect(router.state.location.pathname).toBe('/pages/setting/real');
  });
});
