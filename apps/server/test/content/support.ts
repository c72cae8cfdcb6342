/**
 * Content tests: a real app whose clock the test moves, the demo operator's session, and items saved
 * through the back-office API as an operator saves them.
 */
import { PNG, operatorToken } from '../funds/support.ts';
import { call, operatorHeaders, type TestApp } from '../support/app.ts';
import { makeClockedApp } from '../support/clock.ts';

export const START = Date.parse('2026-11-23T10:00:00Z');

export async function contentRig() {
  const { test, clock } = await makeClockedApp(START);
  return { test, clock, op: await operatorToken(test) };
}
export type ContentRig = Awaited<ReturnType<typeof contentRig>>;

export const admin = (rig: ContentRig, method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token = rig.op, lang = 'en') =>
  call(rig.test.app, `/admin${url}`, { method, token, payload, lang });

/** The back office sends JSON (versions are a list), as its client does. */
export async function adminJson(rig: ContentRig, url: string, body: unknown, token = rig.op) {
  const res = await rig.test.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { ...operatorHeaders(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: res.statusCode, body: res.json() as { type: string; message: any; code?: string } };
}

type Version = { lang: string; title: string; content?: string; image?: string };
export type ItemFields = {
  id?: number;
  kind?: 'news' | 'banner' | 'page';
  page_key?: string;
  status?: 'draft' | 'published';
  sort?: number;
  publish_at?: string;
  popup?: boolean;
  versions?: Version[];
};

/** Saves an item (published now, in English, unless told) and answers the saved item. */
export async function saveItem(rig: ContentRig, fields: ItemFields = {}, token = rig.op) {
  const res = await adminJson(
    rig,
    '/content/save',
    {
      kind: 'news',
      status: 'published',
      publish_at: new Date(rig.clock.now).toISOString(),
      versions: [{ lang: 'en', title: 'An article', content: '<p>Text</p>' }],
      ...fields,
    },
    token,
  );
  if (res.body.type !== 'ok') throw new Error(`content save: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number; revision: number; versions: Version[] };
}

/** Uploads a file through the back office (multipart field `file`); answers the envelope (the message: `{ url }`). */
export async function uploadContentImage(test: TestApp, token: string, bytes: Buffer = PNG) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'a.png');
  const res = await test.app.inject({ method: 'POST', url: '/api/admin/content/images', headers: operatorHeaders(token), payload: form });
  return res.json() as { type: string; message: any; code?: string };
}

export const titles = (answer: { message: { data: { title: string }[] } }) => answer.message.data.map((item) => item.title);
