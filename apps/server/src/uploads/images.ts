/** Image types we accept, told by their first bytes (magic numbers), never by the name or the declared type. */
const SIGNATURES: { ext: 'png' | 'jpg' | 'gif' | 'webp'; mime: string; matches: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    mime: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function sniffImage(bytes: Buffer) {
  return SIGNATURES.find((s) => s.matches(bytes));
}
