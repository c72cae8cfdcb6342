/**
 * Proves the pages operators write: FAQ, contact and compliance show the page GET /<key> answers in the
 * reader's language (its HTML as the server sanitised it), say so when none is published yet, and the
 * contact page leads to customer service; about keeps the product and its version line, shows the
 * operator's about text, the other published pages (GET /menu) and the download links the operator set;
 * settings leads to those pages directly.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { page } from './content-fixtures.ts';

const SITE = { site_name: 'FairEx', site_logo: '', customer_service_url: '', recharge_contact_first: false };

describe('content pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/pages/common/faq', '/faq', 'FAQ'],
    ['/pages/common/contactus', '/contactus', 'Contact us'],
    ['/pages/setting/operational_compliance', '/operational_compliance', 'Compliance'],
  ])('%s shows the page of %s under its title', async (route, call, title) => {
    saveToken('a-token');
    const api = fakeOkApi({ '/user/info': USER, [call]: page({ title: `${title} text` }) });
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    const card = await screen.findByRole('article', { name: `${title} text` });
    expect(card.querySelector('details summary')?.textContent).toBe('How do I deposit?');
    expect(within(card).getByText(/^Updated /)).toBeTruthy();
    expect(api.of(call)).toHaveLength(1);
  });

  it('says a page is not written yet while none is published', async () => {
    fakeOkApi({ '/faq': null });
    renderApp('/pages/common/faq');
    expect(await screen.findByText('This page has not been written yet.')).toBeTruthy();
  });

  it('leads from the contact page to customer service', async () => {
    saveToken('a-token');
    fakeOkApi({ '/user/info': USER, '/contactus': page({ key: 'contactus', title: 'Contact' }), '/getSiteConfig': SITE, '/support/messages': { messages: [], has_more: false, unread: 0 } });
    const { router } = renderApp('/pages/common/contactus');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Write to customer service' })));
    expect(router.state.location.pathname).toBe('/pages/kefu/index');
  });
});

describe('about', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the version line, the operator's about text, the other pages and the downloads", async () => {
    fakeOkApi({
      '/getSiteConfig': SITE,
      '/aboutus': page({ key: 'aboutus', title: 'About FairEx', content: '<p>An open platform.</p>' }),
      '/menu': [
        { key: 'faq', title: 'FAQ', path: '/pages/common/faq' },
        { key: 'aboutus', title: 'About FairEx', path: '/pages/common/aboutus' },
        { key: 'operational_compliance', title: 'Compliance', path: '/pages/setting/operational_compliance' },
      ],
      '/getSetting': (params: Record<string, string>) => (params.keyword === 'android_download_url' ? 'https://example.com/fairex.apk' : ''),
      '/faq': page(),
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { router } = renderApp('/pages/common/aboutus');
    expect(await screen.findByText('0.8.0 (80)')).toBeTruthy();
    expect((await screen.findByRole('article', { name: 'About FairEx' })).textContent).toContain('An open platform.');
    const links = await screen.findByRole('region', { name: 'Help and information' });
    expect(within(links).getAllByRole('button').map((b) => b.textContent)).toEqual(['FAQ', 'Compliance']);
    const downloads = await screen.findByRole('region', { name: 'Download the app' });
    await act(async () => fireEvent.click(within(downloads).getByRole('button', { name: 'Download for Android' })));
    expect(open).toHaveBeenCalledWith('https://example.com/fairex.apk', '_blank', 'noopener,noreferrer');
    expect(within(downloads).queryByRole('button', { name: 'Download for iPhone' })).toBeNull();
    await act(async () => fireEvent.click(within(links).getByRole('button', { name: 'FAQ' })));
    expect(router.state.location.pathname).toBe('/pages/common/faq');
  });

  it('keeps its own text while the operator has written none', async () => {
    fakeOkApi({ '/getSiteConfig': SITE, '/aboutus': null, '/menu': [], '/getSetting': '' });
    renderApp('/pages/common/aboutus');
    expect(await screen.findByText('A fair and transparent platform for trading and growing your digital assets.')).toBeTruthy();
  });

  it('reaches the published help pages straight from settings, by their own titles', async () => {
    saveToken('a-token');
    fakeOkApi({
      '/user/info': USER,
      '/menu': [
        { key: 'faq', title: 'FAQ', path: '/pages/common/faq' },
        { key: 'contactus', title: 'Contact us', path: '/pages/common/contactus' },
        { key: 'aboutus', title: 'About FairEx', path: '/pages/common/aboutus' },
        { key: 'operational_compliance', title: 'Compliance', path: '/pages/setting/operational_compliance' },
      ],
      '/faq': page(),
    });
    const { router } = renderApp('/pages/setting/setting');
    for (const title of ['FAQ', 'Contact us', 'Compliance']) expect(await screen.findByRole('button', { name: title })).toBeTruthy();
    // About keeps its own entry, with the version line.
    expect(screen.queryByRole('button', { name: 'About FairEx' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'FAQ' })));
    expect(router.state.location.pathname).toBe('/pages/common/faq');
  });
});
