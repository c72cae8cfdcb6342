import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** Where the server serves uploads; a stored reference is this prefix and the file name POST /upload chose. */
export const UPLOAD_URL_PREFIX = '/uploads/';

/** A stored (bare) reference: 32 hex digits named by the server and the image type it sniffed. */
const BARE_REFERENCE = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
/** What answers append to a reference: its expiry (unix seconds) and HMAC signature. */
const SIGNED_QUERY = /^\?exp=\d{1,12}&sig=[A-Za-z0-9_-]{1,100}$/;

/**
 * The stored form of an upload reference given bare (`/uploads/<file>`) or as answers sign it
 * (`/uploads/<file>?exp=..&sig=..`); undefined when it is neither. The signature is not checked here:
 * the server checks that the file is the caller's own, which a signature would not prove anyway.
 */
export function bareUploadReference(value: string): string | undefined {
  const query = value.indexOf('?');
  const path = query === -1 ? value : value.slice(0, query);
  if (!BARE_REFERENCE.test(path)) return undefined;
  if (query !== -1 && !SIGNED_QUERY.test(value.slice(query))) return undefined;
  return path;
}

/** An input that takes an upload (avatar, QR code, voucher, document photos): signed or bare, parsed to bare. */
export const zUploadReference = (code: ErrorCode) =>
  z
    .string({ error: code })
    .trim()
    .transform((value, context) => {
      const bare = bareUploadReference(value);
      if (bare !== undefined) return bare;
      context.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    });
