import { vi } from 'vitest';

/** A fetch stand-in answering every call with the given envelope, recording the requests. */
export function answerWith(envelope: unknown, status = 200) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
