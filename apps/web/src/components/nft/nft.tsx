import type { NftBoxView, NftDetailView, NftMediaType, NftRarity } from '@fairex/contract';
import { NFT_CODE_PATTERN } from '@fairex/contract/rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatTime } from '../funds/funds.tsx';
import { NotFound } from '../not-found.tsx';
import './nft.css';
import { DemoBadge } from '../demo-badge.tsx';

/** The NFT screens (spec section 2, /pages/nft/*) and the paths between them. */
export const NFT_HOME_PATH = '/pages/nft/nft';
export const NFT_MINE_PATH = '/pages/nft/mine';
export const NFT_RECORDS_PATH = '/pages/nft/purchase';
export const NFT_FAVOURITES_PATH = '/pages/nft/myNft';
export const NFT_ARTISTS_PATH = '/pages/nft/components/artist';
export const NFT_COLLECTIONS_PATH = '/pages/nft/components/collection';
export const NFT_SEARCH_PATH = '/pages/nft/components/search';
export const NFT_ARTWORKS_PATH = '/pages/nft/components/artwork';
/** Videos open on their own route (spec: artworkDetail_video); everything else on artworkDetail. */
export const nftItemPath = (code: string, mediaType?: NftMediaType) =>
  `${mediaType === 'video' ? '/pages/nft/artworkDetail_video' : '/pages/nft/artworkDetail'}?code=${encodeURIComponent(code)}`;
export const nftArtistPath = (uid: number) => `/pages/nft/artistDetail?uid=${uid}`;
export const nftCollectionPath = (id: number) => `${NFT_ARTWORKS_PATH}?collection=${id}`;
export const nftBuyPath = (code: string) => `/pages/nft/purchase_one?code=${encodeURIComponent(code)}`;
export const nftResellPath = (code: string) => `/pages/nft/resell?code=${encodeURIComponent(code)}`;
export const nftRecordsPath = (tab: string) => `${NFT_RECORDS_PATH}?tab=${tab}`;

/** Whether `code` (any case, as the server reads it) is an item or series code: another names nothing, so nothing is asked. */
export const nftCodeValid = (code: string) => NFT_CODE_PATTERN.test(code.toUpperCase());

/** A code that names no artwork, box or series (malformed, or unknown to the server): said plainly, with the way back to the market. */
export function NftNotFound() {
  const { t } = useTranslation();
  return <NotFound title={t('nft.notFound')} backTo={NFT_HOME_PATH} backLabel={t('nft.backToMarket')} />;
}

/** An amount with its coin: "120 USDT". */
export const priced = (amount: string, coin: string) => `${amount} ${coin}`;

/** What a listing's badge says: its review or payment state where it has one, else the buy status by time. */
export function useListingState() {
  const { t } = useTranslation();
  return (listing: Pick<NftBoxView, 'status' | 'buy_status'>): { label: string; tone: 'live' | 'soon' | 'done' } => {
    if (listing.status === 'on_sale') {
      if (listing.buy_status === 1) return { label: t('nft.buyStatus.onSale'), tone: 'live' };
      if (listing.buy_status === 2) return { label: t('nft.buyStatus.notStarted'), tone: 'soon' };
      return { label: t('nft.buyStatus.ended'), tone: 'done' };
    }
    return { label: t(`nft.status.${listing.status}`), tone: listing.status === 'reviewing' || listing.status === 'awaiting_payment' ? 'soon' : 'done' };
  };
}

export function StateBadge({ listing }: { listing: Pick<NftBoxView, 'status' | 'buy_status'> }) {
  const state = useListingState()(listing);
  return <span className={`nft-badge nft-badge--${state.tone}`}>{state.label}</span>;
}

export function RarityBadge({ rarity }: { rarity: NftRarity | null }) {
  const { t } = useTranslation();
  if (!rarity) return null;
  return <span className={`nft-rarity nft-rarity--${rarity}`}>{t(`nft.rarity.${rarity}`)}</span>;
}

/** A cover image, or the media type's name on a plain tile when the item has none. */
export function Cover({ src, title, mediaType }: { src: string | null; title: string; mediaType: NftMediaType }) {
  const { t } = useTranslation();
  if (src) return <img className="nft-cover" src={src} alt={t('nft.artworkCover', { title })} loading="lazy" />;
  return (
    <span className="nft-cover nft-cover--blank" role="img" aria-label={t('nft.artworkCover', { title })}>
      {t(`nft.media.${mediaType}`)}
    </span>
  );
}

/** The price a listing shows: the current bid of an auction that has one, else its price. */
export function listingPrice(listing: NftBoxView) {
  return listing.sale_type === 'auction' && listing.current_bid !== null ? listing.current_bid : listing.price;
}

/** One listing of the browse grid: cover, title, artist, sale type, state and price; opens the item's page. */
export function ListingCard({ listing }: { listing: NftBoxView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const auction = listing.sale_type === 'auction';
  return (
    <Link className="nft-card" to={nftItemPath(listing.code, listing.media_type)} aria-label={listing.title}>
      <span className="nft-card__media">
        <Cover src={listing.cover} title={listing.title} mediaType={listing.media_type} />
        <StateBadge listing={listing} />
      </span>
      <span className="nft-card__body">
        <span className="nft-card__title">{listing.title}</span>
        <span className="nft-card__meta">
          <span className="nft-tag">{t(`nft.saleType.${listing.sale_type}`)}</span>
          <RarityBadge rarity={listing.rarity} />
          <DemoBadge demo={listing.demo} />
        </span>
        {listing.artist && <span className="nft-card__artist">{listing.artist.name}</span>}
        <span className="nft-card__price">
          <span className="muted">{auction ? (listing.current_bid === null ? t('nft.startingPrice') : t('nft.currentBid')) : t('nft.price')}</span>
          <strong>{priced(listingPrice(listing), listing.currency)}</strong>
        </span>
        {listing.remaining !== null && <span className="nft-card__time">{t('nft.boxesLeft', { count: listing.remaining })}</span>}
        {listing.buy_status === 2 && listing.start_at !== null && <span className="nft-card__time">{`${t('nft.startTime')} ${formatTime(listing.start_at)}`}</span>}
        {listing.buy_status === 1 && listing.end_at !== null && <span className="nft-card__time">{`${t('nft.endTime')} ${formatTime(listing.end_at)}`}</span>}
      </span>
    </Link>
  );
}

const SECOND_MS = 1_000;
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Re-renders every second while mounted. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A duration as "2d 03:04:05" or "03:04:05". */
export function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const left = Math.max(0, ms);
    const seconds = Math.floor((left % DAY_MS) / SECOND_MS);
    const clock = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
    const days = Math.floor(left / DAY_MS);
    return days > 0 ? t('nft.daysAndTime', { days, time: clock }) : clock;
  };
}

/**
 * The time to `target` on the server's clock: `offsetMs` is the server's time minus this device's when
 * the page was read, so a device whose clock is off (or a server on a test clock) still counts right.
 * When it runs out, `onDone` asks the server again, which decides what happened.
 */
export function Countdown({ target, offsetMs, label, onDone }: { target: number; offsetMs: number; label: 'startsIn' | 'endsIn' | 'payBy'; onDone?: () => void }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const formatTime = useFormatTime();
  const now = useNow() + offsetMs;
  const left = target - now;
  const told = useRef<number>(undefined);
  useEffect(() => {
    if (left > 0 || told.current === target) return;
    told.current = target;
    onDone?.();
  }, [left, target, onDone]);
  const text = label === 'payBy' ? `${t('nft.payBy', { time: formatTime(target) })} · ${duration(left)}` : t(`nft.${label}`, { time: duration(left) });
  return (
    <span className="nft-countdown" role="timer">
      {text}
    </span>
  );
}

/** The server's clock offset for a detail answer read at `readAt` (the query's dataUpdatedAt). */
export const serverOffset = (detail: Pick<NftDetailView, 'server_time'>, readAt: number) => detail.server_time - readAt;
