/**
 * The demo catalogue's files, drawn by code (no fixture to ship, no licence to track): PNG images and
 * an animated GIF from small pattern functions, and a WAV melody from sine tones. Each encoder writes
 * the plainest valid form of its format (PNG with zlib-deflated rows, GIF with fixed 8-bit LZW codes,
 * 8-bit mono PCM WAV), which every browser reads.
 */
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG of `size` x `size` whose pixel (x, y) is `paint(x, y)`. */
export function png(size: number, paint: (x: number, y: number) => Rgb): Buffer {
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y += 1) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x += 1) {
      const [r, g, b] = paint(x, y);
      rows[row + 1 + x * 3] = r;
      rows[row + 2 + x * 3] = g;
      rows[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * An animated, looping GIF of `size` x `size` with a palette of at most 128 colours: `paint(x, y,
 * frame)` answers a palette index. LZW with a clear code every 126 pixels keeps every code 8 bits wide.
 */
export function gif(size: number, palette: readonly Rgb[], frames: number, paint: (x: number, y: number, frame: number) => number, delayCs = 10): Buffer {
  if (palette.length > 128) throw new Error('gif: at most 128 colours');
  const table = Buffer.alloc(128 * 3);
  palette.forEach(([r, g, b], i) => table.set([r, g, b], i * 3));
  const parts: Buffer[] = [Buffer.from('GIF89a', 'latin1')];
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(size, 0);
  screen.writeUInt16LE(size, 2);
  screen.set([0xf6, 0, 0], 4); // global table of 2^(6+1) = 128 colours
  parts.push(screen, table, Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00]));
  const clear = 128;
  const end = 129;
  for (let frame = 0; frame < frames; frame += 1) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, delayCs & 0xff, delayCs >> 8, 0x00, 0x00]));
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(size, 5);
    descriptor.writeUInt16LE(size, 7);
    parts.push(descriptor, Buffer.from([7]));
    const codes: number[] = [];
    let run = 0;
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        if (run === 0) codes.push(clear);
        codes.push(paint(x, y, frame));
        run = (run + 1) % 126;
      }
    }
    codes.push(end);
    // 8-bit codes: the bytes are the codes themselves.
    const data = Buffer.from(codes);
    for (let i = 0; i < data.length; i += 255) {
      const block = data.subarray(i, i + 255);
      parts.push(Buffer.from([block.length]), block);
    }
    parts.push(Buffer.from([0]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** A mono 8-bit 8 kHz WAV playing `notes` (frequencies in Hz, 0 a rest) of `noteMs` each, softened at their edges. */
export function wav(notes: readonly number[], noteMs = 250): Buffer {
  const rate = 8000;
  const perNote = Math.round((rate * noteMs) / 1000);
  const samples = Buffer.alloc(perNote * notes.length);
  notes.forEach((frequency, n) => {
    for (let i = 0; i < perNote; i += 1) {
      const envelope = Math.min(1, i / 200, (perNote - i) / 400);
      const value = frequency === 0 ? 0 : Math.sin((2 * Math.PI * frequency * i) / rate) * 0.6 * envelope;
      samples[n * perNote + i] = Math.round(128 + value * 127);
    }
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

// ---------------------------------------------------------------- patterns

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
const clamp01 = (t: number) => Math.max(0, Math.min(1, t));

/** The demo's image patterns: each takes two colours and the size. */
export const PATTERNS = {
  /** A sun setting over a sea. */
  sunset: (a: Rgb, b: Rgb, size: number) => (x: number, y: number): Rgb => {
    const horizon = size * 0.62;
    if (y > horizon) return mix(b, [10, 20, 60], clamp01((y - horizon) / (size - horizon)) * 0.8 + (Math.sin(x / 6 + y) > 0.7 ? 0.2 : 0));
    const d = Math.hypot(x - size / 2, y - horizon);
    if (d < size * 0.18) return [255, 220, 120];
    return mix(a, b, y / horizon);
  },
  /** Concentric rings. */
  rings: (a: Rgb, b: Rgb, size: number) => (x: number, y: number): Rgb => (Math.floor(Math.hypot(x - size / 2, y - size / 2) / (size / 16)) % 2 ? a : b),
  /** A checkerboard bent by a wave. */
  waves: (a: Rgb, b: Rgb, size: number) => (x: number, y: number): Rgb => ((Math.floor((x + Math.sin(y / 12) * 14) / (size / 8)) + Math.floor(y / (size / 8))) % 2 ? a : b),
  /** Mountains under a gradient sky. */
  peaks: (a: Rgb, b: Rgb, size: number) => (x: number, y: number): Rgb => {
    const ridge = size * 0.55 + Math.abs(((x * 2) % (size / 2)) - size / 4) * 0.9 - size * 0.15;
    return y > ridge ? mix(b, [20, 20, 30], clamp01((y - ridge) / size)) : mix([240, 240, 255], a, y / ridge);
  },
  /** Soft diagonal bands. */
  bands: (a: Rgb, b: Rgb, size: number) => (x: number, y: number): Rgb => mix(a, b, (Math.sin(((x + y) / size) * Math.PI * 3) + 1) / 2),
  /** A grid of tiles, each of its own shade. */
  tiles: (a: Rgb, b: Rgb, size: number) => (x: number, y: number): Rgb => {
    const cell = size / 6;
    const gap = x % cell < 3 || y % cell < 3;
    return gap ? [250, 250, 250] : mix(a, b, ((Math.floor(x / cell) * 7 + Math.floor(y / cell) * 3) % 6) / 5);
  },
} as const;

export type PatternName = keyof typeof PATTERNS;

/** A 64-colour ramp between two colours for the animated GIF. */
export const ramp = (a: Rgb, b: Rgb, colours = 64): Rgb[] => Array.from({ length: colours }, (_, i) => mix(a, b, i / (colours - 1)));
