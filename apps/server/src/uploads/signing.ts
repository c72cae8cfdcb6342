/**
 * Upload URLs are capabilities: an answer carries `/uploads/<file>?exp=<unix s>&sig=<HMAC>` and the
 * static route serves only a URL whose signature holds and has not expired, so a leaked URL (identity
 * photos, payment vouchers) stops working. The database stores the bare reference.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { bareUploadReference } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { keepSetting } from './repository.ts';

/** How long a signed URL works at least. */
export const UPLOAD_URL_TTL_S = 60 * 60;
/**
 * Expiries are rounded up to this step, so the answers given within one step carry the same URL and
 * the browser shows the image from its cache instead of fetching it again at every refetch.
 */
export const UPLOAD_URL_STEP_S = 5 * 60;

const SECRET_SETTING = 'upload_url_secret';
const SECRET_BYTES = 32;

export class UploadUrls {
  private constructor(private readonly secret: Buffer) {}

  /** Reads the site's secret, created on the first start; the first process to store one wins, so all share it. */
  static async open(db: Executor): Promise<UploadUrls> {
    const secret = await keepSetting(db, SECRET_SETTING, randomBytes(SECRET_BYTES).toString('base64url'));
    if (typeof secret !== 'string' || secret.length === 0) throw new Error(`setting ${SECRET_SETTING} is not a secret`);
    return new UploadUrls(Buffer.from(secret, 'base64url'));
  }

  /** The URL an answer gives for a stored reference; anything else (none, a link elsewhere) is given as it is. */
  sign(reference: string, nowMs?: number): string;
  sign(reference: string | null, nowMs?: number): string | null;
  sign(reference: string | null, nowMs = Date.now()): string | null {
    if (reference === null || bareUploadReference(reference) !== reference) return reference;
    const exp = Math.ceil((nowMs / 1000 + UPLOAD_URL_TTL_S) / UPLOAD_URL_STEP_S) * UPLOAD_URL_STEP_S;
    return `${reference}?exp=${exp}&sig=${this.signature(reference, exp)}`;
  }

  /** Seconds a requested URL (path and query) stays valid; 0 when it is unsigned, tampered with or expired. */
  secondsLeft(url: string, nowMs = Date.now()): number {
    const reference = bareUploadReference(url);
    const query = url.indexOf('?');
    if (reference === undefined || query === -1) return 0;
    const params = new URLSearchParams(url.slice(query + 1));
    const exp = Number(params.get('exp'));
    // Compared as text: decoding would let two spellings of the last base64 character pass.
    const given = Buffer.from(params.get('sig') ?? '');
    const expected = Buffer.from(this.signature(reference, exp));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 0;
    return Math.max(0, exp - Math.floor(nowMs / 1000));
  }

  private signature(reference: string, exp: number) {
    return createHmac('sha256', this.secret).update(`${reference}\n${exp}`).digest('base64url');
  }
}
