import { isIP } from 'node:net';

/** What Fastify's `trustProxy` takes: off, every hop, the proxies' addresses and CIDRs, or a test of each hop. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const HOPS_MAX = 10;

/**
 * TRUST_PROXY: unset, empty or "false" trusts no proxy, so the client address is the socket's and a
 * forged X-Forwarded-For changes nothing; "true" trusts every hop (only behind a proxy that overwrites
 * the header); a whole number trusts that many hops; otherwise a comma list of proxy addresses or CIDRs.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > HOPS_MAX) throw new Error(`TRUST_PROXY: at most ${HOPS_MAX} hops, not ${value}`);
    // The nearest `hops` proxies are trusted (hop 0 is the socket's peer), as Fastify does for a number.
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !bitsOk || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor an address or CIDR`);
  }
  return entries;
}
