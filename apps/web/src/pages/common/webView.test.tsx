/**
 * Proves the web view: an http(s) link of a host the operator allows (or the customer-service chat's)
 * opens in a sandboxed frame, any other http(s) link is offered to open outside, and anything else
 * (javascript:, data:, nothing) is refused with a way home.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { webViewTarget } from './webView.tsx';

const open = (url: string, chat = 'https://chat.example.org/w') => {
  saveToken('a-token');
  fakeOkApi({
    '/user/info': USER,
    '/getSetting': (params: Record<string, string>) => (params.keyword === 'webview_hosts' ? ['docs.example.com'] : null),
    '/getSiteConfig': { site_name: 'FairEx', site_logo: '', customer_service_url: chat, recharge_contact_first: false },
  });
  return renderApp(`/pages/common/webView?url=${encodeURIComponent(url)}`);
};

describe('web view', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('decides by scheme and host (worked examples)', () => {
    const hosts = ['docs.example.com'];
    expect(webViewTarget('https://docs.example.com/a?b=1', hosts).kind).toBe('frame');
    expect(webViewTarget('https://DOCS.example.com/a', hosts).kind).toBe('frame');
    expect(webViewTarget('https://evil.docs.example.com.attacker.net/', hosts).kind).toBe('outside');
    expect(webViewTarget('http://other.example.com', hosts).kind).toBe('outside');
    expect(webViewTarget('javascript:alert(1)', hosts).kind).toBe('refused');
    expect(webViewTarget('data:text/html,<script>1</script>', hosts).kind).toBe('refused');
    expect(webViewTarget('  ', hosts).kind).toBe('none');
  });

  it('frames an allowed host in a sandbox', async () => {
    open('https://docs.example.com/guide');
    const frame = (await screen.findByTitle('docs.example.com')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://docs.example.com/guide');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
  });

  it("frames the customer-service chat's host too", async () => {
    open('https://chat.example.org/w?user_id=7&lang=en');
    expect(await screen.findByTitle('chat.example.org')).toBeTruthy();
  });

  it('offers any other http(s) page to open outside the app', async () => {
    open('https://news.example.net/story');
    expect(await screen.findByText('This page opens outside the app.', { selector: 'p' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open in browser' });
    expect(link.getAttribute('href')).toBe('https://news.example.net/story');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('refuses a javascript: link and leads home', async () => {
    const { router } = open('javascript:alert(1)');
    expect(await screen.findByText('This link cannot be opened: only web addresses (http or https) open here.')).toBeTruthy();
    expect(document.querySelector('iframe, a[href^="javascript"]')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to home' })));
    expect(router.state.location.pathname).toBe('/');
  });
});
