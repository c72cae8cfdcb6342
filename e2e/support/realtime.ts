import type { Page } from 'playwright-core';

/** Market frames (the clock, prices, depth) come many a second: left out of the log. */
const MARKET_FRAMES = ['"server-time"', '"ticker"', '"depth"'];

/**
 * Watches a page's realtime connection (socket.io over long polling, then the websocket): `authenticated`
 * settles once the server says the socket is in the user's room, and `log()` gives what went each way,
 * timed, with the page's API calls, for a live check that fails to explain itself.
 */
export function watchRealtime(page: Page) {
  const started = Date.now();
  const lines: string[] = [];
  const note = (line: string) => {
    if (!MARKET_FRAMES.some((frame) => line.includes(frame))) lines.push(`${String(Date.now() - started).padStart(6)} ms ${line.slice(0, 240)}`);
  };
  let joined = () => {};
  const authenticated = new Promise<void>((resolve) => (joined = resolve));
  const received = (payload: string) => {
    note(`< ${payload}`);
    if (payload.includes('"authenticated"')) joined();
  };
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/socket.io/')) note(`> ${request.method()} ${search} ${request.postData() ?? ''}`);
    else if (pathname.startsWith('/api/')) note(`${request.method()} ${pathname}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/socket.io/')) void response.text().then(received, () => undefined);
  });
  page.on('websocket', (ws) => {
    note(`websocket opened ${ws.url()}`);
    ws.on('framereceived', (frame) => received(String(frame.payload)));
    ws.on('framesent', (frame) => note(`> ${String(frame.payload)}`));
    ws.on('close', () => note('websocket closed'));
  });
  return { authenticated, log: () => lines.join('\n') };
}
