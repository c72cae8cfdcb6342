/**
 * Proves the simulated-prices banner: while the server says its prices are simulated (GET /getSiteConfig
 * simulated_prices), every screen opens with the translated banner, in the page flow before the page;
 * with a public feed there is none.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../i18n/index.ts';
import { fakeOkApi } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

const SITE = { site_name: 'FairEx', site_logo: '', customer_service_url: '', recharge_contact_first: false };

describe('simulated prices banner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    applyLanguage('en');
  });

  it('opens every screen with "Simulated prices" while the feed is the simulation (the review found no word of it in the app)', async () => {
    fakeOkApi({ '/getSiteConfig': { ...SITE, simulated_prices: true }, '/faq': null });
    const { container } = renderApp('/pages/common/faq');
    const banner = await screen.findByRole('note');
    expect(banner.textContent).toMatch(/^Simulated prices: /);
    // In the flow, first in the app's column: nothing is fixed over it.
    expect(container.querySelector('.app')?.firstElementChild).toBe(banner);
    expect(await screen.findByText('This page has not been written yet.')).toBeTruthy();
  });

  // The Chinese catalogue is its own file, compiled on first use: a slow first load on a busy machine.
  it('is translated', { timeout: 30_000 }, async () => {
    applyLanguage('zh');
    await vi.waitFor(() => expect(i18n.language).toBe('zh'), { timeout: 25_000 });
    fakeOkApi({ '/getSiteConfig': { ...SITE, simulated_prices: true }, '/faq': null });
    renderApp('/pages/common/faq');
    expect((await screen.findByRole('note')).textContent).toMatch(/^模拟价格/);
  });

  it('is absent on a public feed', async () => {
    fakeOkApi({ '/getSiteConfig': { ...SITE, simulated_prices: false }, '/faq': null });
    renderApp('/pages/common/faq');
    expect(await screen.findByText('This page has not been written yet.')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
