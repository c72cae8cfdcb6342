/**
 * Proves customer service: with a web chat set, the page opens it in the web view with the user's id and
 * language; otherwise the in-app thread shows the messages oldest first (older pages on demand) as plain
 * text, marks the operators' answers read, sends text and an image (uploaded first), counts the length
 * down and refuses an empty or too long message before sending, and refreshes when an answer arrives
 * over realtime. Settings' entry shows the unread count.
 */
import type { SupportMessage } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { saveToken, setState } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { chatAddress } from './index.tsx';

const WAIT = { timeout: 5000 };
const SITE = { site_name: 'FairEx', site_logo: '', customer_service_url: '', recharge_contact_first: false };
const IMAGE_URL = '/uploads/0123456789abcdef0123456789abcdef.png?exp=1767225600&sig=abc';

const message = (id: number, author: 'user' | 'operator', body: string, image: string | null = null): SupportMessage => ({
  id: String(id),
  author,
  body,
  image,
  created_at: `2026-11-20T08:${String(id).padStart(2, '0')}:00.000Z`,
});

/** A thread answered by a fake server that keeps what is sent; `answer` adds an operator message. */
function openThread(initial: SupportMessage[], options: { unread?: number; hasMore?: boolean } = {}) {
  saveToken('a-token');
  const stored = [...initial];
  let unread = options.unread ?? 0;
  const api = fakeOkApi({
    '/user/info': USER,
    '/getSiteConfig': SITE,
    '/support/messages': (params: Record<string, string>) =>
      params.before
        ? { messages: [message(1, 'user', 'The very first question')], has_more: false, unread }
        : { messages: [...stored].reverse(), has_more: options.hasMore ?? false, unread },
    '/support/unread': () => ({ unread }),
    '/support/read': () => {
      unread = 0;
      return { unread };
    },
    '/support/send': (params: Record<string, string>) => {
      const sent = message(stored.length + 10, 'user', params.body ?? '', params.image ? IMAGE_URL : null);
      stored.push(sent);
      return sent;
    },
    '/upload': IMAGE_URL,
  });
  const answer = (body: string) => {
    stored.push(message(stored.length + 10, 'operator', body));
    unread += 1;
  };
  return { api, answer, view: renderApp('/pages/kefu/index') };
}

describe('customer service', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:picked');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens the operator's web chat with the user's id and language", async () => {
    saveToken('a-token');
    setState({ lang: 'en' });
    fakeOkApi({ '/user/info': USER, '/getSiteConfig': { ...SITE, customer_service_url: 'https://chat.example.org/w?site=1' }, '/getSetting': [] });
    const { router } = renderApp('/pages/kefu/index');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/common/webView'), WAIT);
    const url = new URLSearchParams(router.state.location.search).get('url');
    expect(url).toBe('https://chat.example.org/w?site=1&user_id=7&lang=en');
    expect(chatAddress('https://chat.example.org/w?user_id=1', 7, 'zh')).toBe(`/pages/common/webView?url=${encodeURIComponent('https://chat.example.org/w?user_id=7&lang=zh')}`);
    expect(await screen.findByTitle('chat.example.org', undefined, WAIT)).toBeTruthy();
  });

  it('shows the thread oldest first as plain text, loads older messages, and marks the answers read', async () => {
    const { api } = openThread([message(2, 'user', 'Where is my deposit?', IMAGE_URL), message(3, 'operator', '<b>We are checking</b>')], { unread: 1, hasMore: true });
    const thread = within(await screen.findByRole('region', { name: 'Messages' }, WAIT));
    const shown = () => thread.getAllByRole('article').map((a) => [a.getAttribute('aria-label'), a.querySelector('p')?.textContent]);
    await vi.waitFor(() => expect(shown()).toEqual([['You', 'Where is my deposit?'], ['Customer service', '<b>We are checking</b>']]), WAIT);
    expect(thread.getByRole('img', { name: 'Attached image' }).getAttribute('src')).toBe(IMAGE_URL);
    expect(document.querySelector('.kefu__bubble b')).toBeNull();
    await vi.waitFor(() => expect(api.of('/support/read')[0]?.params).toMatchObject({ last_id: '3' }), WAIT);
    await act(async () => fireEvent.click(thread.getByRole('button', { name: 'Earlier messages' })));
    await vi.waitFor(() => expect(shown()[0]).toEqual(['You', 'The very first question']), WAIT);
    expect(api.of('/support/messages').at(-1)!.params).toMatchObject({ before: '2' });
  });

  it('sends text with an image (uploaded first), then clears the form', async () => {
    const { api } = openThread([]);
    expect(await screen.findByText('Ask us anything: we answer here.', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  My withdrawal is pending  ' } });
    fireEvent.change(screen.getByLabelText('Add an image'), { target: { files: [new File(['png'], 'shot.png', { type: 'image/png' })] } });
    expect(screen.getByRole('button', { name: 'Remove the image' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await vi.waitFor(() => expect(api.of('/support/send')).toHaveLength(1), WAIT);
    expect(api.of('/upload')).toHaveLength(1);
    expect(api.of('/support/send')[0]!.params).toMatchObject({ body: 'My withdrawal is pending', image: IMAGE_URL });
    await vi.waitFor(() => expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''), WAIT);
    expect(screen.queryByRole('button', { name: 'Remove the image' })).toBeNull();
    expect(await screen.findByText('My withdrawal is pending', undefined, WAIT)).toBeTruthy();
  });

  it('refuses an empty or too long message before sending, counting the characters left', async () => {
    const { api } = openThread([]);
    await screen.findByText('Ask us anything: we answer here.', undefined, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByRole('alert').textContent).toBe('Write a message or add an image');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1 character too many')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByRole('alert').textContent).toBe('At most 1000 characters');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(999) } });
    expect(screen.getByText('1 character left')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'ok' } });
    expect(screen.getByText('998 characters left')).toBeTruthy();
    expect(api.of('/support/send')).toHaveLength(0);
  });

  it('shows an answer as soon as it arrives over realtime', async () => {
    const socket = fakeSocket();
    const { answer, api } = openThread([message(2, 'user', 'Hello?')]);
    await screen.findByText('Hello?', undefined, WAIT);
    answer('Hello, how can we help?');
    socket.serverSends('support', message(20, 'operator', 'Hello, how can we help?'));
    expect(await screen.findByText('Hello, how can we help?', undefined, WAIT)).toBeTruthy();
    await vi.waitFor(() => expect(api.of('/support/read').length).toBeGreaterThan(0), WAIT);
  });

  it("shows the unread answers on settings' entry, moved by realtime, and opens the thread", async () => {
    const socket = fakeSocket();
    saveToken('a-token');
    let unread = 2;
    fakeOkApi({ '/user/info': USER, '/support/unread': () => ({ unread }), '/getSiteConfig': SITE, '/support/messages': { messages: [], has_more: false, unread: 2 } });
    const { router } = renderApp('/pages/setting/setting');
    await screen.findByRole('button', { name: /^Customer service\s*2 unread/ }, WAIT);
    unread = 3;
    socket.serverSends('support', message(30, 'operator', 'One more answer'));
    const entry = await screen.findByRole('button', { name: /^Customer service\s*3 unread/ }, WAIT);
    await act(async () => fireEvent.click(entry));
    expect(router.state.location.pathname).toBe('/pages/kefu/index');
  });
});
