import { hash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt parameters (N=2^14, r=8, p=1): ~16 MiB and a few ms per hash; stored beside the hash so they can rise later. */
const SCRYPT = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_BYTES, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

/**
 * Session tokens and verification codes are stored as SHA-256: they are random, so no salt is needed.
 * crypto.hash is the one-shot form (every authenticated request hashes its token; half the cost).
 */
export const sha256 = (value: string) => hash('sha256', value, 'hex');
export const newToken = () => randomBytes(32).toString('base64url');
