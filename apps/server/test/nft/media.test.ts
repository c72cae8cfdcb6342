// Proves the NFT media uploads of the back office: files told by their first bytes (never by name),
// images, GIFs, audio (WAV, MP3, OGG, M4A) and video (MP4, WebM) accepted with a size limit per kind,
// anything else refused with the envelope; admins only; served publicly with range requests (206) so
// players can seek; an artwork's file must match its media type and its cover must be an image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorMessage } from '@fairex/contract';
import { seedNftDemo } from '../../src/nft/demo.ts';
import { sniffMedia } from '../../src/uploads/images.ts';
import { describe, expect, it } from 'vitest';
import { makeOperatorToken } from '../funds/support.ts';
import { call } from '../support/app.ts';
import { admin, listFixed, MP4, PNG, uploadMedia, useNftRig, WAV } from './support.ts';

const rig = useNftRig();

describe('NFT media', () => {
  it('tells each kind by its magic bytes and refuses other files', async () => {
    expect((await uploadMedia(rig.test, rig.op, WAV, 'song.png')).message).toMatchObject({ kind: 'audio', mime: 'audio/wav' });
    expect((await uploadMedia(rig.test, rig.op, MP4, 'clip.wav')).message).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect((await uploadMedia(rig.test, rig.op, Buffer.concat([Buffer.from('ID3'), Buffer.alloc(50, 1)]))).message).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    expect((await uploadMedia(rig.test, rig.op, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(50, 1)]))).message).toMatchObject({ kind: 'video', mime: 'video/webm' });
    expect((await uploadMedia(rig.test, rig.op, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50, 1)]))).message).toMatchObject({ kind: 'gif' });
    const text = await uploadMedia(rig.test, rig.op, Buffer.from('<html>not media</html>'), 'x.mp3');
    expect(text).toMatchObject({ type: 'error', message: errorMessage('nft_media_refused', 'en') });
    const support = await makeOperatorToken(rig.test, 'support');
    expect((await uploadMedia(rig.test, support, PNG)).type).toBe('error');
  });

  it('limits each kind\'s size: an image above the image limit is refused, the same bytes as audio are not', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 5);
    const image = await uploadMedia(rig.test, rig.op, Buffer.concat([PNG.subarray(0, 8), big]));
    expect(image).toMatchObject({ type: 'error' });
    expect(image.message).toBe(errorMessage('upload_too_large', 'en'));
    const audio = await uploadMedia(rig.test, rig.op, Buffer.concat([WAV.subarray(0, 12), big]));
    expect(audio.message).toMatchObject({ kind: 'audio' });
  });

  it('serves a file to anyone with range requests', async () => {
    const media = (await uploadMedia(rig.test, rig.op, MP4)).message as { url: string; bytes: number };
    const whole = await rig.test.app.inject({ method: 'GET', url: media.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(media.bytes);
    const part = await rig.test.app.inject({ method: 'GET', url: media.url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${media.bytes}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    expect(part.headers['accept-ranges']).toBe('bytes');
  });

  it('refuses an artwork whose file does not match its type, or whose cover is not an image', async () => {
    const png = (await uploadMedia(rig.test, rig.op, PNG)).message.id;
    const wav = (await uploadMedia(rig.test, rig.op, WAV)).message.id;
    const artist = (await admin(rig, '/artists', { name_en: 'Sam Sound' })).id;
    const base = { title_en: 'Tone', artist_id: artist, rarity: 'common' };
    const wrongFile = await call(rig.test.app, '/admin/nft/artworks', { token: rig.op, payload: { ...base, media_type: 'audio', media_id: png, cover_media_id: png } });
    expect(wrongFile.body).toMatchObject({ type: 'error', code: 'nft_media_mismatch' });
    const wrongCover = await call(rig.test.app, '/admin/nft/artworks', { token: rig.op, payload: { ...base, media_type: 'audio', media_id: wav, cover_media_id: wav } });
    expect(wrongCover.body.code).toBe('nft_media_mismatch');
    const good = await call(rig.test.app, '/admin/nft/artworks', { token: rig.op, payload: { ...base, media_type: 'audio', media_id: wav, cover_media_id: png } });
    expect(good.body.message).toMatchObject({ media_type: 'audio', state: 'held', owner_user_id: null });
    const detail = await call(rig.test.app, '/bind_box/getBoxDetail', { method: 'GET', payload: { code: good.body.message.code } });
    expect(detail.body.message.media).toMatchObject({ kind: 'audio', mime: 'audio/wav' });
  });

  it('seeds a demo catalogue once (every media type with real files, an auction running, a blind box on sale), marked demo in every user answer, an operator\'s rows not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nft-demo-'));
    try {
      await seedNftDemo(rig.test.db, rig.now(), dir);
      await seedNftDemo(rig.test.db, rig.now(), dir);
      const list = await call(rig.test.app, '/bind_box/getBoxList', { method: 'GET', payload: { limit: 50 } });
      const rows = list.body.message.data as { media_type: string; sale_type: string; buy_status: number; code: string }[];
      expect(new Set(rows.map((r) => r.media_type))).toEqual(new Set(['image', 'gif', 'audio', 'video', 'blind_box']));
      expect(rows.some((r) => r.sale_type === 'auction' && r.buy_status === 1)).toBe(true);
      expect(rows.some((r) => r.sale_type === 'blind_box' && r.buy_status === 1)).toBe(true);
      const artists = await call(rig.test.app, '/bind_box/getArtist', { method: 'GET', payload: { keyword: 'Mara' } });
      expect(artists.body.message.total).toBe(1);
      for (const type of ['gif', 'audio', 'video']) {
        const code = rows.find((r) => r.media_type === type)!.code;
        const media = (await call(rig.test.app, '/bind_box/getBoxDetail', { method: 'GET', payload: { code } })).body.message.media as { url: string; kind: string };
        const bytes = fs.readFileSync(path.join(dir, 'nft-media', media.url.split('/').pop()!));
        expect(sniffMedia(bytes)?.kind).toBe(type);
      }
      const overview = (await call(rig.test.app, '/admin/nft', { method: 'GET', token: rig.op })).body.message;
      expect(overview.artists.filter((a: { demo: boolean }) => a.demo)).toHaveLength(3);

      // Fairness review 8: every user answer of the catalogue says which rows are demo, and an operator's are not.
      const operators = await listFixed(rig);
      const collection = await admin(rig, '/collections', { name_en: 'Operator shelf' });
      const get = async (url: string, payload: Record<string, unknown> = {}) => (await call(rig.test.app, `/bind_box/${url}`, { method: 'GET', payload })).body.message;
      const listed = (await get('getBoxList', { limit: 50 })).data as { code: string; kind: string; demo: boolean }[];
      expect(listed.filter((r) => r.code !== operators.item.code).every((r) => r.demo)).toBe(true);
      expect(listed.find((r) => r.code === operators.item.code)?.demo).toBe(false);
      const series = listed.find((r) => r.kind === 'series')!;
      const demoArtwork = listed.find((r) => r.kind === 'artwork' && r.code !== operators.item.code)!;
      expect([(await get('getBoxDetail', { code: series.code })).demo, (await get('getBoxDetail', { code: demoArtwork.code })).demo, (await get('getBoxDetail', { code: operators.item.code })).demo]).toEqual([true, true, false]);
      const artistsAll = (await get('getArtist', { limit: 50 })).data as { name: string; demo: boolean }[];
      // The three seeded artists say demo; the operator's (this test's and any earlier test's) do not.
      expect(artistsAll.filter((a) => a.demo)).toHaveLength(3);
      expect(artistsAll.find((a) => a.name === 'Ada Pixel')?.demo).toBe(false);
      const collections = (await get('getCollection')) as { id: number; demo: boolean }[];
      expect(collections.filter((c) => c.id !== collection.id).every((c) => c.demo) && collections.find((c) => c.id === collection.id)?.demo === false).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
