/**
 * How a back-office session travels (security review finding 4): the browser keeps the operator's
 * session token in an httpOnly cookie that page scripts cannot read, sent only to /api/admin, only to
 * this site (SameSite=Strict) and only over https when the server is reached by https.
 *
 * Cross-site request forgery, three layers for every state-changing call (anything but GET/HEAD/OPTIONS):
 * 1. SameSite=Strict: a browser does not attach the cookie to a request started by another site.
 * 2. A CSRF proof in the `x-csrf-token` header that must equal `csrfTokenOf(session token)`. The back
 *    office reads it from the readable cookie OPERATOR_CSRF_COOKIE (double submit), and a cross-site
 *    form cannot set a header at all; a cross-origin script cannot either without a CORS preflight,
 *    which this server never answers. The proof is bound to the session (a hash of its token), so a
 *    cookie planted by a sibling domain cannot be paired with a made-up proof.
 * 3. An `Origin` header, when the browser sends one, must name this server's own host.
 *
 * Worked example: token "abc" -> cookie `fairex_admin=abc` (httpOnly, Path=/api/admin) and readable
 * `fairex_admin_csrf=<sha256("csrf:abc")>` (Path=/); a POST carries `x-csrf-token: <sha256("csrf:abc")>`.
 *
 * Only node:crypto here, so tests and e2e journeys build the same headers from a token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const OPERATOR_SESSION_COOKIE = 'fairex_admin';
export const OPERATOR_CSRF_COOKIE = 'fairex_admin_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie goes to the back-office API only. */
export const OPERATOR_COOKIE_PATH = '/api/admin';
/** The CSRF cookie is read by the back office's pages (under /admin/), so it is scoped to the whole site. */
export const CSRF_COOKIE_PATH = '/';
const COOKIE_VALUE_LENGTH_MAX = 200;

/** The session-bound CSRF proof: a hash of the token, from which the token cannot be found. */
export const csrfTokenOf = (token: string) => createHash('sha256').update(`csrf:${token}`).digest('hex');

/** Whether `given` is the proof of `token`, compared in constant time. */
export function csrfProofMatches(token: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(token));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value.length > 0 && value.length <= COOKIE_VALUE_LENGTH_MAX ? value : undefined;
  }
  return undefined;
}

type CookieOptions = { secure: boolean; maxAgeSeconds: number };

/** The two Set-Cookie values of a new session (`maxAgeSeconds` 0 clears them). */
export function sessionCookies(token: string, { secure, maxAgeSeconds }: CookieOptions): string[] {
  const common = `SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
  return [
    `${OPERATOR_SESSION_COOKIE}=${token}; Path=${OPERATOR_COOKIE_PATH}; HttpOnly; ${common}`,
    `${OPERATOR_CSRF_COOKIE}=${token === '' ? '' : csrfTokenOf(token)}; Path=${CSRF_COOKIE_PATH}; ${common}`,
  ];
}

/** Set-Cookie values that end both cookies in the browser. */
export const clearedSessionCookies = (secure: boolean) => sessionCookies('', { secure, maxAgeSeconds: 0 });

/** The headers an API client (a test, a script, an e2e journey) sends for an operator session token. */
export const operatorHeaders = (token: string): Record<string, string> => ({
  cookie: `${OPERATOR_SESSION_COOKIE}=${token}`,
  [CSRF_HEADER]: csrfTokenOf(token),
});

/** The session token a login answer set, from its Set-Cookie header(s). */
export function sessionTokenFromSetCookie(setCookie: string | string[] | undefined): string | undefined {
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const value = cookieValue(line.split(';')[0], OPERATOR_SESSION_COOKIE);
    if (value) return value;
  }
  return undefined;
}
