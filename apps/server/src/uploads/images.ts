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

/** What an artwork's file is (the NFT marketplace): an image, a GIF, audio or video. */
export type MediaKind = 'image' | 'gif' | 'audio' | 'video';

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');
/** An ISO media file's brand (bytes 8-12 after "ftyp" at 4-8): "M4A " is audio, the others (isom, mp42, avc1...) video. */
const ftypBrand = (b: Buffer) => (ascii(b, 4, 8) === 'ftyp' ? ascii(b, 8, 12) : undefined);

/** Audio and video we accept, told by their first bytes like images. */
const MEDIA_SIGNATURES: { ext: string; mime: string; kind: 'audio' | 'video'; matches: (b: Buffer) => boolean }[] = [
  // An ID3 tag, or an MPEG audio frame's sync bits (11 set bits) with layer III.
  { ext: 'mp3', mime: 'audio/mpeg', kind: 'audio', matches: (b) => ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe6) === 0xe2) },
  { ext: 'wav', mime: 'audio/wav', kind: 'audio', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE' },
  { ext: 'ogg', mime: 'audio/ogg', kind: 'audio', matches: (b) => ascii(b, 0, 4) === 'OggS' },
  { ext: 'm4a', mime: 'audio/mp4', kind: 'audio', matches: (b) => ftypBrand(b) === 'M4A ' },
  { ext: 'mp4', mime: 'video/mp4', kind: 'video', matches: (b) => ftypBrand(b) !== undefined && ftypBrand(b) !== 'M4A ' },
  { ext: 'webm', mime: 'video/webm', kind: 'video', matches: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
];

/** An artwork's file by its first bytes: the images above (a GIF is its own kind), audio or video. */
export function sniffMedia(bytes: Buffer): { ext: string; mime: string; kind: MediaKind } | undefined {
  const image = sniffImage(bytes);
  if (image) return { ext: image.ext, mime: image.mime, kind: image.ext === 'gif' ? 'gif' : 'image' };
  return MEDIA_SIGNATURES.find((s) => s.matches(bytes));
}
