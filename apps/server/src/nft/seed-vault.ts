/**
 * Keeps a blind-box series' server seed sealed while its sale runs (review 2026-11-27, fairness 4: with
 * the seed in clear in nft_series, anyone who could read the database could grind a user seed for the
 * rare item). The seed is sealed with AES-256-GCM under a key that lives outside the database:
 *  - NFT_SEED_KEY: 32 bytes, as 64 hex digits or base64 (production must set it: publishing refuses
 *    without it, `nft_seed_key_missing`);
 *  - in development, unset: a key made once by the CSPRNG into DATA_DIR/nft-seed.key (mode 0600).
 * Opened only to draw a box and, at the sale's end, to reveal the seed in clear (as before), so a
 * database dump during the sale shows only its SHA-256 and a ciphertext.
 * Sealed form: "v1:" + base64(12-byte IV) + ":" + base64(16-byte tag) + ":" + base64(ciphertext).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DomainError } from '../http/errors.ts';

export const NFT_SEED_KEY_BYTES = 32;
export const NFT_SEED_KEY_FILE = 'nft-seed.key';
const IV_BYTES = 12;
const VERSION = 'v1';

export type SeedVault = { seal(seed: string): string; open(sealed: string): string };

/** The key from NFT_SEED_KEY's text: 64 hex digits or base64 of exactly 32 bytes; anything else stops the start. */
export function parseSeedKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== NFT_SEED_KEY_BYTES) throw new Error(`NFT_SEED_KEY must be ${NFT_SEED_KEY_BYTES} bytes as 64 hex digits or base64`);
  return key;
}

/** Development only: the key kept in DATA_DIR, made once by the CSPRNG. */
function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, NFT_SEED_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx': two processes starting at once keep the first key written, never overwrite it.
    try {
      fs.writeFileSync(file, randomBytes(NFT_SEED_KEY_BYTES).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseSeedKey(fs.readFileSync(file, 'utf8'));
}

/**
 * The vault for this server: the env key when set; else, in development, the DATA_DIR key (made on first
 * use); else (production without the key) every seal refuses with `nft_seed_key_missing`.
 */
export function seedVaultFor(options: { key: string | undefined; production: boolean; dataDir: string }): SeedVault {
  let key: Buffer | undefined = options.key ? parseSeedKey(options.key) : undefined;
  const keyNow = () => {
    if (key) return key;
    if (options.production) throw new DomainError('nft_seed_key_missing');
    key = developmentKey(options.dataDir);
    return key;
  };
  return {
    seal(seed) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyNow(), iv);
      const body = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('nft: a sealed server seed in an unknown form');
      const decipher = createDecipheriv('aes-256-gcm', keyNow(), Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** The vault from the process environment (NFT_SEED_KEY, NODE_ENV, DATA_DIR as config.ts reads them). */
export const seedVaultFromEnv = (dataDir: string, production: boolean, env: NodeJS.ProcessEnv = process.env) =>
  seedVaultFor({ key: env.NFT_SEED_KEY || undefined, production, dataDir });
