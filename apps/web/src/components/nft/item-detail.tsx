import type { NftDetailView, NftOpenView, NftOrderView } from '@fairex/contract';
import { sub } from '@fairex/contract/money';
import { NFT_SEED_PATTERN } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNftBids, useNftCollect, useNftDetail, useNftOpen, useNftPay } from '../../api/nft.ts';
import { LOGIN_PATH } from '../../navigation.ts';
import { confirmDialog, confirmThenSend, toastSuccess } from '../../notify.ts';
import { useStore } from '../../store/store.ts';
import { Field } from '../field.tsx';
import { LoadMore, useFormatTime } from '../funds/funds.tsx';
import { useRelativeTime } from '../relative-time.ts';
import { PageState } from '../funds/page-state.tsx';
import { Figures } from '../wealth/figures.tsx';
import { BOX_OPENING_MIN_MS, BoxOpening } from './box-opening.tsx';
import { DrawVerification } from './fairness.tsx';
import { ArtworkMedia } from './media.tsx';
import { Countdown, Cover, nftArtistPath, nftBuyPath, nftCodeValid, nftItemPath, NftNotFound, nftResellPath, priced, RarityBadge, serverOffset, StateBadge } from './nft.tsx';
import { DemoBadge } from '../demo-badge.tsx';

/** What the viewer may do with a listing: shown on the item page, done on purchase_one. */
function SaleAction({ detail }: { detail: NftDetailView }) {
  const { t } = useTranslation();
  const loggedIn = useStore((s) => s.token !== '');
  const listing = detail.listing;
  if (!listing || listing.status !== 'on_sale') return null;
  if (detail.owner?.self) return <p className="nft-hint">{t('nft.ownListing')}</p>;
  if (listing.buy_status !== 1) {
    return (
      <Button block shape="rounded" disabled>
        {t('nft.notOnSale')}
      </Button>
    );
  }
  if (!loggedIn) {
    return (
      <Link className="pill pill--primary" to={LOGIN_PATH}>
        {t('nft.loginFirst')}
      </Link>
    );
  }
  const label = listing.sale_type === 'auction' ? t('nft.goBid') : listing.sale_type === 'blind_box' ? t('nft.buyBox') : t('nft.buyNow');
  return (
    <Link className="pill pill--primary" to={nftBuyPath(detail.code)}>
      {label}
    </Link>
  );
}

/** The sale's figures, state and countdown (on the server's clock), and the viewer's margin. */
export function SaleCard({ detail, offsetMs, onTimeUp, children }: { detail: NftDetailView; offsetMs: number; onTimeUp: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const listing = detail.listing;
  if (!listing) return null;
  const coin = listing.currency;
  const auction = listing.sale_type === 'auction';
  return (
    <section className="card nft-entry" aria-label={t(`nft.saleType.${listing.sale_type}`)}>
      <div className="nft-head__title">
        <strong>{t(`nft.saleType.${listing.sale_type}`)}</strong>
        <StateBadge listing={listing} />
      </div>
      {listing.status === 'on_sale' && listing.buy_status === 2 && listing.start_at !== null && <Countdown target={listing.start_at} offsetMs={offsetMs} label="startsIn" onDone={onTimeUp} />}
      {listing.status === 'on_sale' && listing.buy_status === 1 && listing.end_at !== null && <Countdown target={listing.end_at} offsetMs={offsetMs} label="endsIn" onDone={onTimeUp} />}
      <Figures
        className="nft-figures"
        rows={[
          [auction ? t('nft.startingPrice') : listing.sale_type === 'blind_box' ? t('nft.boxPrice') : t('nft.price'), priced(listing.price, coin)],
          auction && [t('nft.currentBid'), listing.current_bid === null ? '--' : priced(listing.current_bid, coin)],
          auction && listing.increment !== null && [t('nft.increment'), priced(listing.increment, coin)],
          auction && listing.margin !== null && [t('nft.margin'), priced(listing.margin, coin)],
          auction && [t('nft.bidList'), t('nft.bids', { count: listing.bid_count })],
          listing.remaining !== null && [t('nft.remaining'), String(listing.remaining)],
          listing.start_at !== null && [t('nft.startTime'), formatTime(listing.start_at)],
          listing.end_at !== null && [t('nft.endTime'), formatTime(listing.end_at)],
        ]}
      />
      {detail.my_margin && <p className="nft-hint">{t('nft.marginHeld', { amount: priced(detail.my_margin.amount, coin) })}</p>}
      {listing.resale && <p className="nft-hint">{t('nft.resale')}</p>}
      {children}
    </section>
  );
}

/** A won auction to pay before its due time: what is left to pay (the margin counts toward the price). */
export function PayOrder({ order, offsetMs = 0 }: { order: NftOrderView; offsetMs?: number }) {
  const { t } = useTranslation();
  const pay = useNftPay();
  const toPay = sub(order.price, order.margin);
  const submit = () =>
    confirmThenSend(
      {
        content: t('nft.confirmPay', { amount: priced(toPay, order.currency), title: order.title, margin: priced(order.margin, order.currency) }),
        confirmText: t('nft.confirm'),
        cancelText: t('nft.cancel'),
      },
      () => pay.mutateAsync({ id: order.id }),
      t('nft.paid'),
    );
  return (
    <div className="nft-entry">
      <Figures
        className="nft-figures"
        rows={[
          [t('nft.price'), priced(order.price, order.currency)],
          [t('nft.margin'), priced(order.margin, order.currency)],
          [t('nft.toPayAmount'), priced(toPay, order.currency)],
        ]}
      />
      {order.due_at !== null && <Countdown target={order.due_at} offsetMs={offsetMs} label="payBy" />}
      <Button block shape="rounded" color="primary" loading={pay.isPending} onClick={() => void submit()}>
        {t('nft.payNow')}
      </Button>
    </div>
  );
}

/** A fresh seed for a draw: 16 random hex digits from the device. */
export const randomSeed = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The seed field of a box purchase or opening, with a button for a new random one. */
export function SeedField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('nft.userSeed')}
        value={value}
        onChange={onChange}
        error={error}
        maxLength={64}
        autoComplete="off"
        suffix={
          <button type="button" className="pill pill--ghost" onClick={() => onChange(randomSeed())}>
            {t('nft.newSeed')}
          </button>
        }
      />
      <p className="nft-hint">{t('nft.userSeedHint')}</p>
    </>
  );
}

/**
 * The user's own unopened box: the seed fixed at its purchase (shown to its owner only), then the
 * opening. The seed cannot be changed here: a seed chosen at opening could be tried until it drew the
 * item wanted (review 2026-11-27, fairness 4).
 */
function OpenBox({ detail }: { detail: NftDetailView }) {
  const { t } = useTranslation();
  const open = useNftOpen();
  const [stage, setStage] = useState<{ item: NftOpenView | null } | null>(null);

  async function submit() {
    if (!(await confirmDialog({ content: t('nft.confirmOpen', { code: detail.code }), confirmText: t('nft.confirm'), cancelText: t('nft.cancel') }))) return;
    setStage({ item: null });
    const started = Date.now();
    try {
      const item = await open.mutateAsync({ code: detail.code });
      // The box shakes at least one animation long, so a fast answer still shows the opening.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, BOX_OPENING_MIN_MS - (Date.now() - started))));
      setStage({ item });
    } catch {
      // The api client has shown the refusal.
      setStage(null);
    }
  }

  // The overlay outlives the form: once opened, the page (asked again) shows the box opened.
  return (
    <>
      {!detail.box?.opened && (
        <section className="card nft-entry" aria-label={t('nft.openBox')}>
          <Figures className="nft-figures nft-figures--long" rows={[[t('nft.userSeed'), <code key="seed">{detail.box?.user_seed ?? ''}</code>]]} />
          <p className="nft-hint">{t('nft.fixedSeed')}</p>
          <Button block shape="rounded" color="primary" loading={open.isPending} onClick={() => void submit()}>
            {t('nft.openBox')}
          </Button>
        </section>
      )}
      {stage && <BoxOpening item={stage.item} onClose={() => setStage(null)} />}
    </>
  );
}

/** A series' pool as published: each item with its weight's chance, those already drawn greyed. */
function SeriesPool({ detail }: { detail: NftDetailView }) {
  const { t } = useTranslation();
  const series = detail.series;
  if (!series) return null;
  return (
    <section className="card nft-entry" aria-label={t('nft.poolOdds')}>
      <h2 className="section-title">{t('nft.poolOdds')}</h2>
      <p className="nft-hint">{t('nft.boxesSold', { sold: series.boxes_sold, total: series.pool_size })}</p>
      <p className="nft-hint">{t('nft.withoutReplacement')}</p>
      <ul className="nft-pool">
        {series.pool.map((item) => (
          <li key={item.id} data-drawn={item.drawn}>
            <Cover src={item.cover} title={item.title} mediaType="image" />
            <strong>{item.title}</strong>
            <RarityBadge rarity={item.rarity} />
            <span>{item.drawn ? t('nft.drawnAlready') : t('nft.odds', { percent: `${(Number(item.odds) * 100).toFixed(2)}%` })}</span>
          </li>
        ))}
      </ul>
      <Figures className="nft-figures nft-figures--long" rows={[[t('nft.seedHash'), <code key="hash">{series.seed_hash}</code>], series.server_seed !== null && [t('nft.serverSeed'), <code key="seed">{series.server_seed}</code>]]} />
      <p className="nft-hint">{t('nft.fairnessHow')}</p>
    </section>
  );
}

/** An auction's bids, highest first, 10 at a time, the viewer's marked. */
export function BidList({ code, coin }: { code: string; coin: string }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const bids = useNftBids(code, true);
  const rows = bids.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="card" aria-label={t('nft.bidList')}>
      <h2 className="section-title">{t('nft.bidList')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('nft.noBids')}</p>
      ) : (
        <>
          <ol className="nft-list">
            {rows.map((bid, index) => (
              <li key={bid.id}>
                <span className="nft-list__main">
                  <strong>
                    {bid.bidder}
                    {bid.self ? ` · ${t('nft.yours')}` : ''}
                  </strong>
                  <span className="muted">{shownAt(bid.at)}</span>
                </span>
                <span>
                  <strong>{priced(bid.price, coin)}</strong>
                  {index === 0 && <span className="nft-tag">{t('nft.leading')}</span>}
                </span>
              </li>
            ))}
          </ol>
          <LoadMore hasMore={bids.hasNextPage} loading={bids.isFetchingNextPage} onMore={() => void bids.fetchNextPage()} />
        </>
      )}
    </section>
  );
}

function History({ detail }: { detail: NftDetailView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  if (detail.kind === 'series') return null;
  const name = (who: string | null) => who ?? t('nft.platform');
  return (
    <section className="card" aria-label={t('nft.history')}>
      <h2 className="section-title">{t('nft.history')}</h2>
      {detail.history.length === 0 ? (
        <p className="muted">{t('nft.noHistory')}</p>
      ) : (
        <ol className="nft-list">
          {detail.history.map((move, index) => (
            <li key={`${move.at}-${index}`}>
              <span className="nft-list__main">
                <strong>{t(`nft.reason.${move.reason}`)}</strong>
                <span className="muted">{t('nft.transfer', { from: name(move.from), to: name(move.to) })}</span>
                <span className="muted">{shownAt(move.at)}</span>
              </span>
              <span>{move.price !== null && move.currency !== null ? priced(move.price, move.currency) : ''}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FavouriteButton({ detail }: { detail: NftDetailView }) {
  const { t } = useTranslation();
  const collect = useNftCollect();
  if (detail.favourite === null) return null;
  const on = detail.favourite;
  return (
    <button
      type="button"
      className="nft-fav"
      aria-pressed={on}
      aria-label={on ? t('nft.unfavourite') : t('nft.favourite')}
      disabled={collect.isPending}
      onClick={() => collect.mutate({ code: detail.code }, { onSuccess: () => toastSuccess(on ? t('nft.unfavourite') : t('nft.favourite')) })}
    >
      {on ? '♥' : '♡'}
    </button>
  );
}

/** Whether the viewer may offer their artwork again: held, and no resale under review or on sale. */
export const resellable = (detail: NftDetailView) =>
  detail.kind === 'artwork' && detail.owner?.self === true && !(detail.listing && ['reviewing', 'on_sale', 'awaiting_payment'].includes(detail.listing.status));

/** The item's page body: media, facts, sale, the viewer's order or box, pool, bids, history and draw; a code naming nothing says so. */
export function ItemDetail({ code }: { code: string }) {
  const { t } = useTranslation();
  const valid = nftCodeValid(code);
  const detail = useNftDetail(valid ? code : '');
  if (!valid) return <NftNotFound />;
  return (
    <PageState query={detail} notFound={<NftNotFound />}>
      {(item) => {
        const offsetMs = serverOffset(item, detail.dataUpdatedAt || Date.now());
        const artistFigure = item.artist && [t('nft.creator'), <Link key="artist" to={nftArtistPath(item.artist.uid)}>{item.artist.name}</Link>] as const;
        return (
          <>
            <ArtworkMedia detail={item} />
            <section className="card nft-head" aria-label={item.title}>
              <div className="nft-head__title">
                <h2>{item.title}</h2>
                <FavouriteButton detail={item} />
              </div>
              <div className="nft-head__tags">
                <span className="nft-tag">{t(`nft.media.${item.media_type}`)}</span>
                <RarityBadge rarity={item.rarity} />
                {item.box && <span className="nft-tag">{item.box.opened ? t('nft.opened') : t('nft.unopened')}</span>}
                <DemoBadge demo={item.demo} />
              </div>
              <Figures
                className="nft-figures"
                rows={[
                  [t('nft.code'), item.code],
                  [t('nft.owner'), item.owner === null ? t('nft.platform') : item.owner.self ? t('nft.you') : item.owner.name],
                  artistFigure || null,
                  item.collection && [t('nft.collection'), item.collection.name],
                  item.box && [t('nft.nonce'), t('nft.box', { number: item.box.number })],
                ]}
              />
              {item.description && <p>{item.description}</p>}
            </section>
            {item.my_order?.status === 'unpaid' && (
              <section className="card" aria-label={t('nft.payNow')}>
                <PayOrder order={item.my_order} offsetMs={offsetMs} />
              </section>
            )}
            {item.kind === 'box' ? (
              item.box && (
                <div className="nft-actions nft-browser">
                  <Link className="pill pill--ghost" to={nftItemPath(item.box.series_code)}>
                    {t('nft.poolOdds')}
                  </Link>
                </div>
              )
            ) : (
              <SaleCard detail={item} offsetMs={offsetMs} onTimeUp={() => void detail.refetch()}>
                <div className="nft-actions">
                  <SaleAction detail={item} />
                </div>
              </SaleCard>
            )}
            {resellable(item) && (
              <div className="nft-actions nft-browser">
                <Link className="pill pill--ghost" to={nftResellPath(item.code)}>
                  {item.listing?.status === 'unsold' && item.listing.resale ? t('nft.relist') : t('nft.resell')}
                </Link>
              </div>
            )}
            {item.kind === 'box' && item.owner?.self && item.box && <OpenBox detail={item} />}
            {item.kind === 'box' && item.draw && (
              <div className="nft-actions nft-browser">
                <Link className="pill pill--ghost" to={nftItemPath(item.draw.item_code)}>
                  {t('nft.viewItem')}
                </Link>
              </div>
            )}
            <SeriesPool detail={item} />
            {item.listing?.sale_type === 'auction' && <BidList code={item.code} coin={item.listing.currency} />}
            <History detail={item} />
            {item.draw && <DrawVerification draw={item.draw} />}
          </>
        );
      }}
    </PageState>
  );
}
