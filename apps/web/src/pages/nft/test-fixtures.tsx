/** Test fixtures for the NFT screens: listings, items, orders and messages as the server answers them, and a router around a page. */
import type { NftBoxView, NftDetailView, NftDrawView, NftMessageView, NftMineView, NftOrderView } from '@fairex/contract';
import type { ComponentType } from 'react';
import { renderRoutes } from '../../test/render-app.tsx';

export const NOW = Date.parse('2026-11-25T10:00:00Z');
const HOUR_MS = 3_600_000;

export function listing(overrides: Partial<NftBoxView> = {}): NftBoxView {
  return {
    demo: false,
    id: 5,
    code: 'NFT-000012',
    kind: 'artwork',
    title: 'Golden Hour',
    media_type: 'image',
    cover: '/nft-media/cover-12.png',
    artist: { uid: 3, name: 'Mira Sol' },
    collection: { id: 2, name: 'Light studies' },
    rarity: 'rare',
    sale_type: 'normal',
    currency_id: 1,
    currency: 'USDT',
    decimals: 6,
    price: '120',
    current_bid: null,
    increment: null,
    margin: null,
    bid_count: 0,
    start_at: NOW - HOUR_MS,
    end_at: NOW + 2 * HOUR_MS,
    status: 'on_sale',
    flag: 1,
    buy_status: 1,
    remaining: null,
    resale: false,
    favourite: false,
    ...overrides,
  };
}

export function auction(overrides: Partial<NftBoxView> = {}): NftBoxView {
  return listing({ id: 6, code: 'NFT-000013', title: 'Night Tide', sale_type: 'auction', price: '100', current_bid: '120', increment: '5', margin: '10', bid_count: 2, ...overrides });
}

export function detail(overrides: Partial<NftDetailView> = {}): NftDetailView {
  return {
    demo: false,
    code: 'NFT-000012',
    kind: 'artwork',
    title: 'Golden Hour',
    description: 'A quiet harbour at dusk.',
    media_type: 'image',
    media: { kind: 'image', url: '/nft-media/art-12.png', mime: 'image/png' },
    cover: '/nft-media/cover-12.png',
    artist: { uid: 3, name: 'Mira Sol' },
    collection: { id: 2, name: 'Light studies' },
    rarity: 'rare',
    owner: null,
    listing: listing(),
    my_margin: null,
    my_order: null,
    history: [{ reason: 'mint', from: null, to: null, price: null, currency: null, at: NOW - 48 * HOUR_MS }],
    series: null,
    box: null,
    draw: null,
    favourite: false,
    resale_fee_ratio: null,
    server_time: NOW,
    ...overrides,
  };
}

/** The worked example of nft-rules.ts: seed "fairex-demo-seed", user seed "lucky", nonce 1, item 12 at point 77. */
export function draw(overrides: Partial<NftDrawView> = {}): NftDrawView {
  return {
    box_code: 'BOX-000001',
    series_code: 'SER-000001',
    nonce: 1,
    user_seed: 'lucky',
    pool: [
      [11, 60],
      [12, 30],
      [13, 10],
    ],
    point: 77,
    total: 100,
    digest: 'c6e80caad71f4a23917cfd9cc34984e750b14e76ff8aad56746e9bd2ed0bcfd2',
    item_id: 12,
    item_code: 'NFT-000012',
    drawn_at: NOW,
    seed_hash: 'c3c5e2a5f442b70df03fd3a4076d627ed795ec74aa67d796d7edcb539d075f6a',
    server_seed: 'fairex-demo-seed',
    ...overrides,
  };
}

export function order(overrides: Partial<NftOrderView> = {}): NftOrderView {
  return {
    id: 31,
    listing_id: 6,
    code: 'NFT-000013',
    title: 'Night Tide',
    cover: null,
    media_type: 'image',
    sale_type: 'auction',
    currency: 'USDT',
    decimals: 6,
    price: '150',
    margin: '10',
    due_at: NOW + 24 * HOUR_MS,
    status: 'unpaid',
    created_at: NOW,
    paid_at: null,
    ...overrides,
  };
}

export function mine(overrides: Partial<NftMineView> = {}): NftMineView {
  return {
    demo: false,
    code: 'NFT-000012',
    kind: 'artwork',
    title: 'Golden Hour',
    media_type: 'image',
    cover: null,
    rarity: 'rare',
    artist: { uid: 3, name: 'Mira Sol' },
    box: null,
    listing: null,
    sold: null,
    ...overrides,
  };
}

export function message(overrides: Partial<NftMessageView> = {}): NftMessageView {
  return {
    id: 8,
    kind: 'auction_won',
    code: 'NFT-000013',
    title: 'Night Tide',
    figures: { price: '150', currency: 'USDT', due_at: NOW + 24 * HOUR_MS, order_id: 31 },
    read: false,
    created_at: NOW,
    ...overrides,
  };
}

export const page = <T,>(data: T[], total = data.length, pageNumber = 1) => ({ data, total, page: pageNumber, limit: 10 });

const NFT_PATHS = [
  '/pages/nft/nft',
  '/pages/nft/artistDetail',
  '/pages/nft/mine',
  '/pages/nft/artworkDetail',
  '/pages/nft/artworkDetail_video',
  '/pages/nft/purchase',
  '/pages/nft/purchase_one',
  '/pages/nft/resell',
  '/pages/nft/myNft',
  '/pages/nft/components/artist',
  '/pages/nft/components/artwork',
  '/pages/nft/components/search',
  '/pages/nft/components/collection',
  '/pages/common/login',
];

/** The page at `path` among the NFT screens (stand-ins for the others), so a test sees where it navigates. */
export function openAt(path: string, page: { path: string; Component: ComponentType }) {
  const others = NFT_PATHS.filter((p) => p !== page.path).map((p) => ({ path: p, Component: () => <p>{`screen ${p}`}</p> }));
  return renderRoutes([page, ...others], path).router;
}
