import { inject } from 'vitest';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

/** The run's operator session (logged in once by the global setup), to read codes from the outbox as a person would. */
export const operatorToken = (): string => inject('operatorToken');

export async function latestCodeFor(baseUrl: string, recipient: string): Promise<string> {
  const token = operatorToken();
  const res = await fetch(`${baseUrl}/api/admin/outbox?limit=50`, { headers: operatorHeaders(token) });
  const body = (await res.json()) as { message: { data: { recipient: string; body: string }[] } };
  const mail = body.message.data.find((m) => m.recipient === recipient);
  const code = mail?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** A session for the seeded demo user, for journeys that start logged in. */
export async function demoToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: 'demo@fairex.local', password: 'demo123456' }),
  });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`demo login: ${JSON.stringify(body)}`);
  return body.message;
}
