/**
 * The demo NFT catalogue for a development start (production seeds none): three artists, two
 * collections, artworks of every media type (images and a GIF drawn by demo-art.ts, two melodies as
 * WAV, a short WebM video), each with a cover drawn for it; two fixed-price sales, an auction running
 * for three days, an auction starting tomorrow, and a published blind-box series on sale for a week
 * (its server seed drawn at random like any other). Everything is marked demo and belongs to the
 * platform; a second call adds nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DAY_MS, nftItemCode, nftSeriesCode, NFT_FEE_RATIO_DEFAULT, type NftFileKind, type NftRarity } from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
import { publishedSeed } from './boxes.ts';
import { seedVaultFromEnv } from './seed-vault.ts';
import { gif, PATTERNS, png, ramp, wav, type PatternName, type Rgb } from './demo-art.ts';
import { DEMO_VIDEO_WEBM_BASE64 } from './demo-video.ts';
import { coinByName, demoArtistCount, insertArtist, insertCollection, insertItem, insertListing, insertMedia, insertSeries, insertTransfer, updateItem, updateSeries } from './repository.ts';

type Texts = Record<string, string>;
const IMAGE_SIZE = 240;

const ARTISTS: { name: Texts; bio: Texts; colours: [Rgb, Rgb] }[] = [
  {
    name: { en: 'Mara Lumen', zh: '玛拉·流明', hk: '瑪拉·流明', jp: 'マーラ・ルーメン', kor: '마라 루멘' },
    bio: { en: 'Paints light at the edge of the day.', zh: '描绘白昼边缘的光。', hk: '描繪白晝邊緣的光。' },
    colours: [
      [255, 120, 60],
      [120, 40, 140],
    ],
  },
  {
    name: { en: 'Kenji Arc', zh: '健二·弧', hk: '健二·弧', jp: 'ケンジ・アーク', kor: '켄지 아크' },
    bio: { en: 'Geometry, rhythm and sound.', zh: '几何、节奏与声音。', hk: '幾何、節奏與聲音。' },
    colours: [
      [30, 160, 200],
      [10, 40, 90],
    ],
  },
  {
    name: { en: 'Ines Verde', zh: '伊内斯·维德', hk: '伊內斯·維德', jp: 'イネス・ヴェルデ', kor: '이네스 베르데' },
    bio: { en: 'Landscapes remembered, not seen.', zh: '记忆中的风景。', hk: '記憶中的風景。' },
    colours: [
      [60, 180, 110],
      [20, 70, 50],
    ],
  },
];

const COLLECTIONS: { name: Texts; description: Texts }[] = [
  { name: { en: 'Golden hours', zh: '黄金时刻', hk: '黃金時刻', jp: 'ゴールデンアワー', kor: '골든 아워' }, description: { en: 'Dawn and dusk.', zh: '黎明与黄昏。', hk: '黎明與黃昏。' } },
  { name: { en: 'Signals', zh: '信号', hk: '信號', jp: 'シグナル', kor: '시그널' }, description: { en: 'Patterns that move and sound.', zh: '会动、会响的图案。', hk: '會動、會響的圖案。' } },
];

type DemoArtwork = {
  title: Texts;
  artist: number;
  collection: number | null;
  rarity: NftRarity;
  kind: NftFileKind;
  pattern: PatternName;
  /** Audio: the melody's notes (Hz). */
  notes?: number[];
  sale?: { type: 'normal' | 'auction'; price: string; increment?: string; margin?: string; startInDays: number; days: number };
  pool?: number;
};

const C = 262;
const D = 294;
const E = 330;
const G = 392;
const A = 440;

const ARTWORKS: DemoArtwork[] = [
  { title: { en: 'Harbour at dusk', zh: '黄昏港口', hk: '黃昏港口', jp: '夕暮れの港' }, artist: 0, collection: 0, rarity: 'epic', kind: 'image', pattern: 'sunset', sale: { type: 'auction', price: '100', increment: '5', margin: '10', startInDays: -1, days: 3 } },
  { title: { en: 'Ripples', zh: '涟漪', hk: '漣漪', jp: '波紋' }, artist: 1, collection: 1, rarity: 'rare', kind: 'image', pattern: 'rings', sale: { type: 'normal', price: '25', startInDays: -1, days: 30 } },
  { title: { en: 'Tide lines', zh: '潮线', hk: '潮線', jp: '潮の線' }, artist: 1, collection: 1, rarity: 'common', kind: 'gif', pattern: 'waves', sale: { type: 'normal', price: '40', startInDays: -1, days: 30 } },
  { title: { en: 'First snow', zh: '初雪', hk: '初雪', jp: '初雪' }, artist: 2, collection: 0, rarity: 'legendary', kind: 'image', pattern: 'peaks', sale: { type: 'auction', price: '300', increment: '10', margin: '30', startInDays: 1, days: 3 } },
  { title: { en: 'Morning call', zh: '晨曲', hk: '晨曲', jp: '朝の歌' }, artist: 1, collection: 1, rarity: 'rare', kind: 'audio', pattern: 'bands', notes: [C, E, G, E, C, E, G, A, G, 0, G, E, D, C], sale: { type: 'normal', price: '15', startInDays: -1, days: 30 } },
  { title: { en: 'Orbit', zh: '轨道', hk: '軌道', jp: '軌道' }, artist: 0, collection: 1, rarity: 'epic', kind: 'video', pattern: 'rings', sale: { type: 'normal', price: '60', startInDays: -1, days: 30 } },
  // The blind box's pool.
  { title: { en: 'Lantern I', zh: '灯笼 一', hk: '燈籠 一', jp: 'ランタン I' }, artist: 0, collection: 0, rarity: 'common', kind: 'image', pattern: 'bands', pool: 50 },
  { title: { en: 'Lantern II', zh: '灯笼 二', hk: '燈籠 二', jp: 'ランタン II' }, artist: 2, collection: 0, rarity: 'common', kind: 'image', pattern: 'tiles', pool: 30 },
  { title: { en: 'Night song', zh: '夜曲', hk: '夜曲', jp: '夜の歌' }, artist: 1, collection: 1, rarity: 'rare', kind: 'audio', pattern: 'waves', notes: [A, G, E, D, C, 0, C, D, E, C], pool: 15 },
  { title: { en: 'Golden lantern', zh: '金灯笼', hk: '金燈籠', jp: '金のランタン' }, artist: 2, collection: 0, rarity: 'legendary', kind: 'gif', pattern: 'rings', pool: 5 },
];

const SERIES = {
  title: { en: 'Lantern festival box', zh: '灯会盲盒', hk: '燈會盲盒', jp: 'ランタン祭りボックス', kor: '등불 축제 박스' },
  description: { en: 'Four lanterns, one in each box. Odds published, seed hash published, seed revealed at the end.', zh: '四盏灯笼，每盒一件。概率与种子哈希已公布，结束后公开种子。', hk: '四盞燈籠，每盒一件。機率與種子雜湊已公佈，結束後公開種子。' },
  price: '8',
  days: 7,
};

/** Stores a demo file under the media folder and records it (no operator: seeded). */
async function storeMedia(tx: Tx, dir: string, bytes: Buffer, kind: NftFileKind, ext: string, mime: string, at: number) {
  const fileName = `${randomBytes(16).toString('hex')}.${ext}`;
  fs.writeFileSync(path.join(dir, fileName), bytes);
  return insertMedia(tx, { fileName, kind, mime, bytes: bytes.length, operatorId: null, uploadedAt: at });
}

function drawImage(pattern: PatternName, colours: [Rgb, Rgb]) {
  return png(IMAGE_SIZE, PATTERNS[pattern](colours[0], colours[1], IMAGE_SIZE));
}

function drawGif(colours: [Rgb, Rgb]) {
  const size = 120;
  const palette = ramp(colours[0], colours[1]);
  return gif(size, palette, 12, (x, y, frame) => Math.floor(((Math.sin((Math.hypot(x - size / 2, y - size / 2) - frame * 4) / 6) + 1) / 2) * (palette.length - 1)));
}

export async function seedNftDemo(db: Db, now: number, dataDir: string) {
  if ((await demoArtistCount(db)) > 0) return;
  const usdt = await coinByName(db, 'USDT');
  if (!usdt) return;
  const dir = path.join(dataDir, 'nft-media');
  fs.mkdirSync(dir, { recursive: true });
  await db.transaction(async (tx) => {
    const artists = [];
    for (const [i, artist] of ARTISTS.entries()) {
      const avatar = await storeMedia(tx, dir, drawImage('rings', artist.colours), 'image', 'png', 'image/png', now);
      artists.push(await insertArtist(tx, { name: artist.name, bio: artist.bio, avatarMediaId: avatar.id, sort: i, demo: true, createdAt: now }));
    }
    const collections = [];
    for (const [i, collection] of COLLECTIONS.entries()) {
      const cover = await storeMedia(tx, dir, drawImage(i === 0 ? 'sunset' : 'tiles', ARTISTS[i]!.colours), 'image', 'png', 'image/png', now);
      collections.push(await insertCollection(tx, { ...collection, coverMediaId: cover.id, sort: i, demo: true, createdAt: now }));
    }
    const coverMedia = await storeMedia(tx, dir, drawImage('tiles', [[200, 40, 40], [250, 190, 60]]), 'image', 'png', 'image/png', now);
    const series = await insertSeries(tx, { ...SERIES, coverMediaId: coverMedia.id, currencyId: usdt.id, startAt: now - DAY_MS, endAt: now + SERIES.days * DAY_MS, status: 'draft', demo: true, createdAt: now }, nftSeriesCode);
    let poolSize = 0;
    for (const artwork of ARTWORKS) {
      const colours = ARTISTS[artwork.artist]!.colours;
      const cover = await storeMedia(tx, dir, drawImage(artwork.pattern, colours), 'image', 'png', 'image/png', now);
      const file =
        artwork.kind === 'image'
          ? cover
          : artwork.kind === 'gif'
            ? await storeMedia(tx, dir, drawGif(colours), 'gif', 'gif', 'image/gif', now)
            : artwork.kind === 'audio'
              ? await storeMedia(tx, dir, wav(artwork.notes ?? [C, E, G]), 'audio', 'wav', 'audio/wav', now)
              : await storeMedia(tx, dir, Buffer.from(DEMO_VIDEO_WEBM_BASE64, 'base64'), 'video', 'webm', 'video/webm', now);
      const item = await insertItem(
        tx,
        {
          kind: 'artwork',
          title: artwork.title,
          description: { en: `${artwork.title.en} by ${ARTISTS[artwork.artist]!.name.en}. Demo artwork.`, zh: `${artwork.title.zh}，${ARTISTS[artwork.artist]!.name.zh} 创作。演示作品。` },
          mediaType: artwork.kind,
          mediaId: file.id,
          coverMediaId: cover.id,
          artistId: artists[artwork.artist]!.id,
          collectionId: artwork.collection === null ? null : collections[artwork.collection]!.id,
          rarity: artwork.rarity,
          ownerUserId: null,
          state: 'held',
          demo: true,
          createdAt: now,
        },
        nftItemCode,
      );
      await insertTransfer(tx, { itemId: item.id, fromUserId: null, toUserId: null, reason: 'mint', at: now });
      if (artwork.sale) {
        const { sale } = artwork;
        await insertListing(tx, {
          saleType: sale.type,
          itemId: item.id,
          sellerUserId: null,
          currencyId: usdt.id,
          price: sale.price,
          increment: sale.increment ?? null,
          margin: sale.margin ?? null,
          feeRatio: NFT_FEE_RATIO_DEFAULT,
          startAt: now + sale.startInDays * DAY_MS,
          endAt: now + (sale.startInDays + sale.days) * DAY_MS,
          status: 'on_sale',
          demo: true,
          createdAt: now,
        });
        await updateItem(tx, item.id, { state: 'listed' });
      }
      if (artwork.pool) {
        await updateItem(tx, item.id, { state: 'pooled', seriesId: series.id, poolWeight: artwork.pool });
        poolSize += 1;
      }
    }
    // Published as the back office publishes: a random seed, only its hash shown until the end.
    // The same vault as the app's (NFT_SEED_KEY, or the development key in this DATA_DIR).
    await updateSeries(tx, series.id, { status: 'published', ...publishedSeed(seedVaultFromEnv(dataDir, false)), poolSize });
    await insertListing(tx, {
      saleType: 'blind_box',
      seriesId: series.id,
      sellerUserId: null,
      currencyId: usdt.id,
      price: SERIES.price,
      feeRatio: NFT_FEE_RATIO_DEFAULT,
      startAt: series.startAt,
      endAt: series.endAt,
      status: 'on_sale',
      demo: true,
      createdAt: now,
    });
  });
}
