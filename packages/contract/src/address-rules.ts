/**
 * Withdrawal address formats per network, shared by the server (saving an address, an operator's deposit
 * address) and the add-address form, so a typo is shown under the field before anything is sent.
 * Checksums are verified wherever the chain defines one: Base58Check (TRON, BTC and LTC legacy
 * addresses), bech32/bech32m (segwit) and EIP-55's mixed case (EVM; an all-lower or all-upper address
 * carries no checksum, as EIP-55 says). Hashes from @noble/hashes, synchronous in the browser too.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 to bytes (leading '1's are zero bytes); undefined on a character outside the alphabet. */
function base58Bytes(value: string): Uint8Array | undefined {
  const bytes: number[] = [];
  for (const char of value) {
    let carry = BASE58.indexOf(char);
    if (carry < 0) return undefined;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  for (let i = 0; i < value.length && value[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/** A 25-byte Base58Check payload (version byte, 20-byte hash, 4-byte checksum) whose version is one of `versions`. */
function isBase58Check(value: string, versions: readonly number[]): boolean {
  const bytes = base58Bytes(value);
  if (!bytes || bytes.length !== 25 || !versions.includes(bytes[0]!)) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((byte, i) => byte === bytes[21 + i]);
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    generators.forEach((g, i) => {
      if ((top >>> i) & 1) checksum ^= g;
    });
  }
  return checksum >>> 0;
}

/**
 * A segwit address of the human-readable part `hrp` (BIP 173 / BIP 350): one case throughout, at most 90
 * characters, witness version 0 with a 20- or 32-byte program under bech32, versions 1-16 with a 2-40
 * byte program under bech32m.
 */
function isSegwit(value: string, hrp: string): boolean {
  if (value.length > 90 || (value !== value.toLowerCase() && value !== value.toUpperCase())) return false;
  const lower = value.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  const data = [...lower.slice(hrp.length + 1)].map((char) => BECH32.indexOf(char));
  if (data.length < 7 || data.some((d) => d < 0)) return false;
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const constant = polymod([...expanded, ...data]);
  const version = data[0]!;
  if (version > 16 || constant !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  // The program: 5-bit groups after the version, without the 6-group checksum, regrouped to bytes.
  const groups = data.slice(1, -6);
  const bits = groups.length * 5;
  const programBytes = Math.floor(bits / 8);
  // Padding is fewer than 5 bits, all zero.
  if (bits % 8 >= 5 || (groups.at(-1)! & ((1 << bits % 8) - 1)) !== 0) return false;
  if (programBytes < 2 || programBytes > 40) return false;
  return version !== 0 || programBytes === 20 || programBytes === 32;
}

/**
 * An EVM address (EIP-55): 0x and 40 hex digits; in mixed case, each letter is upper-case exactly where
 * the Keccak-256 of the lower-case hex has a nibble of 8 or more.
 */
function EVM(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex.toLowerCase())));
  return [...hex].every((char, i) => (parseInt(hash[i]!, 16) >= 8 ? char === char.toUpperCase() : char === char.toLowerCase()));
}

/**
 * Each known network's check. Worked examples (each refuses the others' addresses):
 *   ERC20 / BEP20  0x52908400098527886E0F7030069857D2E4169EE7 yes (EIP-55's own example), the same all lower-case yes;
 *                  0x52908400098527886E0F7030069857D2E4169Ee7 no (checksum); 0x5290...9EE (39 hex) no
 *   TRC20          TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL yes; TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM no (checksum)
 *   BTC            1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 (P2PKH), 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy (P2SH),
 *                  bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq (segwit v0) yes; bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr no
 *   LTC            LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz, MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN,
 *                  ltc1qg82u8my0ys0qa0hdkmp8jlvq4xpwg7kxtmqkqr yes; a 3... address no (BTC's P2SH version, ambiguous)
 */
const NETWORK_CHECKS: Record<string, (address: string) => boolean> = {
  ERC20: EVM,
  BEP20: EVM,
  TRC20: (address) => address.startsWith('T') && isBase58Check(address, [0x41]),
  BTC: (address) => /^[13]/.test(address) ? isBase58Check(address, [0x00, 0x05]) : isSegwit(address, 'bc'),
  LTC: (address) => /^[LM]/.test(address) ? isBase58Check(address, [0x30, 0x32]) : isSegwit(address, 'ltc'),
};
/** An operator-added network without a known format gets a loose shape check. */
const LOOSE_ADDRESS = /^[A-Za-z0-9:_-]{10,120}$/;

/** The known format check of a network (case-insensitive name); own names only, never one every object inherits. */
const networkCheck = (network: string) => {
  const name = network.toUpperCase();
  return Object.hasOwn(NETWORK_CHECKS, name) ? NETWORK_CHECKS[name] : undefined;
};

/** Whether `address` is a valid address on `network` (ERC20, TRC20, ...; case-insensitive name). */
export const addressFits = (network: string, address: string) => (networkCheck(network) ?? ((a: string) => LOOSE_ADDRESS.test(a)))(address);

/** The first of the coin's networks (in configured order) whose format the address has. */
export const networkOfAddress = (networks: readonly string[], address: string) => networks.find((n) => addressFits(n, address));

/**
 * The form two addresses are compared in (one coin, network and address saved once): hex and bech32
 * addresses are case-insensitive, so lower-cased; Base58 and unknown formats are compared as typed.
 *   addressKey('ERC20', '0xAbC...') = '0xabc...'; addressKey('BTC', 'BC1QAR0...') = 'bc1qar0...';
 *   addressKey('TRC20', 'TNPee...') = 'TNPee...' (Base58 is case-sensitive)
 */
export function addressKey(network: string, address: string): string {
  const value = address.trim();
  const check = networkCheck(network);
  return check === EVM || ((check === NETWORK_CHECKS.BTC || check === NETWORK_CHECKS.LTC) && /^(bc|ltc)1/i.test(value)) ? value.toLowerCase() : value;
}
