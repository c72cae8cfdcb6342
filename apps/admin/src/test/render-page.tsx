/**
 * Renders one back-office route as the app does (language, antd's App for toasts, a router whose root
 * route "root" answers the signed-in operator), and fakes the API under /api/admin.
 */
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type LoaderFunction } from 'react-router';
import { vi } from 'vitest';
import type { Operator, Role } from '../api.ts';
import { LanguageProvider } from '../i18n.tsx';
import { bindMessages } from '../notify.ts';

export const operatorOf = (role: Role): Operator => ({ id: 1, username: `${role}-one`, role, must_change_password: false });

function MessageBinding() {
  const { message } = AntApp.useApp();
  useEffect(() => bindMessages(message), [message]);
  return null;
}

/** Renders `Component` with its `loader` at `url` (e.g. "/copy?tab=settings") for an operator of `role`. */
export function renderPage({ path, url, loader, Component, role }: { path: string; url: string; loader: LoaderFunction; Component: ComponentType; role: Role }) {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => operatorOf(role), shouldRevalidate: () => false, Component: Outlet, HydrateFallback: () => null, children: [{ path, loader, Component }] }],
    { initialEntries: [url] },
  );
  render(
    <LanguageProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <MessageBinding />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </LanguageProvider>,
  );
  return router;
}

export type ApiCall = { method: string; path: string; query: Record<string, string>; body: Record<string, unknown> | undefined };
type Envelope = { type: string; message: unknown };

/**
 * A fetch stand-in answering by path under /api/admin: an envelope, or a function of the call for answers
 * that change. Unlisted paths answer an error envelope, so a call the test did not expect shows. Every
 * call is recorded with its query and JSON body.
 */
export function fakeAdminApi(answers: Record<string, Envelope | ((call: ApiCall) => Envelope)>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://test');
      const method = init?.method ?? 'GET';
      const call: ApiCall = {
        method,
        path: parsed.pathname.replace(/^\/api\/admin/, ''),
        query: Object.fromEntries(parsed.searchParams),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      const answer = answers[`${method} ${call.path}`];
      const envelope = typeof answer === 'function' ? answer(call) : (answer ?? { type: 'error', message: `unexpected ${method} ${call.path}` });
      return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, of: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

export const ok = (message: unknown): Envelope => ({ type: 'ok', message });
