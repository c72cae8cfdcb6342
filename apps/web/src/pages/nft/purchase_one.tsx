import { accountFieldOf } from '@fairex/contract/rules';
import type { NftBoxView, NftDetailView } from '@fairex/contract';
import { displayBalance, isPositive, money, sub } from '@fairex/contract/money';
import { NFT_SEED_PATTERN, nftBidAcceptable, nftBidHold, nftMinimumBid } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useUserCoins } from '../../api/funds.ts';
import { useNftBid, useNftBids, useNftBuy, useNftDetail, useNftMargin } from '../../api/nft.ts';
import { Field } from '../../components/field.tsx';
import { AccountNote, shortfallOf } from '../../components/funds/account-note.tsx';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { BidList, randomSeed, SaleCard, SeedField } from '../../components/nft/item-detail.tsx';
import { Cover, NFT_HOME_PATH, nftCodeValid, nftItemPath, NftNotFound, priced, RarityBadge, serverOffset } from '../../components/nft/nft.tsx';
import { confirmDialog, confirmThenSend, toastSuccess } from '../../notify.ts';
import { DemoBadge } from '../../components/demo-badge.tsx';

/**
 * /pages/nft/purchase_one?code= (login): taking part in one sale. A fixed price is bought after a
 * confirmation; a blind box too, with the buyer's seed for its draw; an auction first takes the margin
 * (confirmed, once), then bids of at least the current bid plus the increment (the rule shown, checked
 * here by the contract's rule and again by the server, whose refusal shows under the field).
 */
export function NftPurchaseOnePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const valid = nftCodeValid(code);
  const detail = useNftDetail(valid ? code : '');
  if (code === '') return <Navigate to={NFT_HOME_PATH} replace />;
  return (
    <div className="page">
      <NavBar title={t('page.buy')} />
      {valid ? (
        <PageState query={detail} notFound={<NftNotFound />}>
          {(item) => {
            const listing = item.listing;
            const offsetMs = serverOffset(item, detail.dataUpdatedAt || Date.now());
            if (!listing || listing.status !== 'on_sale') return <Empty>{t('nft.notOnSale')}</Empty>;
            return (
              <>
                <ItemSummary detail={item} />
                <SaleCard detail={item} offsetMs={offsetMs} onTimeUp={() => void detail.refetch()}>
                  {item.owner?.self ? (
                    <p className="nft-hint">{t('nft.ownListing')}</p>
                  ) : listing.buy_status !== 1 ? (
                    <Button block shape="rounded" disabled>
                      {t('nft.notOnSale')}
                    </Button>
                  ) : listing.sale_type === 'auction' ? (
                    <AuctionForm detail={item} listing={listing} />
                  ) : (
                    <BuyForm detail={item} listing={listing} />
                  )}
                </SaleCard>
                {listing.sale_type === 'auction' && <BidList code={item.code} coin={listing.currency} />}
              </>
            );
          }}
        </PageState>
      ) : (
        <NftNotFound />
      )}
    </div>
  );
}

function ItemSummary({ detail }: { detail: NftDetailView }) {
  const { t } = useTranslation();
  return (
    <section className="card nft-item-row" aria-label={detail.title}>
      <span className="nft-item-row__cover">
        <Cover src={detail.cover} title={detail.title} mediaType={detail.media_type} />
      </span>
      <span className="nft-item-row__text">
        <strong>
          {detail.title}
          <DemoBadge demo={detail.demo} />
        </strong>
        <span className="muted">{detail.code}</span>
        {detail.artist && <span>{`${t('nft.creator')}: ${detail.artist.name}`}</span>}
        <RarityBadge rarity={detail.rarity} />
      </span>
    </section>
  );
}

/** A fixed-price artwork, or one box of a series with the buyer's seed (a fresh random one when the field is left empty). */
function BuyForm({ detail, listing }: { detail: NftDetailView; listing: NftBoxView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buy = useNftBuy();
  const box = listing.sale_type === 'blind_box';
  const [seed, setSeed] = useState(randomSeed);
  const [error, setError] = useState<string>();
  const price = priced(listing.price, listing.currency);

  async function submit() {
    // An emptied field draws a new random seed, shown in the field, rather than blocking the purchase.
    const chosen = seed.trim() === '' ? randomSeed() : seed.trim();
    if (box && !NFT_SEED_PATTERN.test(chosen)) return setError(t('nft.wrongSeed'));
    setSeed(chosen);
    setError(undefined);
    if (!(await confirmDialog({ content: t(box ? 'nft.confirmBox' : 'nft.confirmBuy', { title: detail.title, price }), confirmText: t('nft.confirm'), cancelText: t('nft.cancel') }))) return;
    try {
      const order = await buy.mutateAsync({ code: detail.code, user_seed: box ? chosen : undefined });
      toastSuccess(t(box ? 'nft.boxBought' : 'nft.bought'));
      navigate(nftItemPath(order.code, order.media_type), { replace: true });
    } catch {
      // The api client has shown the refusal.
    }
  }

  return (
    <div className="nft-form">
      {box && <SeedField value={seed} onChange={setSeed} error={error} />}
      <SpotFunds kind="nft" listing={listing} need={listing.price} />
      <Button block shape="rounded" color="primary" loading={buy.isPending} onClick={() => void submit()}>
        {box ? t('nft.buyBox') : t('nft.buyNow')}
      </Button>
    </div>
  );
}

/** The margin first (once), then bids by the increment rule. */
function AuctionForm({ detail, listing }: { detail: NftDetailView; listing: NftBoxView }) {
  const { t } = useTranslation();
  const margin = useNftMargin();
  const bid = useNftBid();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string>();
  const coin = listing.currency;
  const increment = listing.increment ?? '0';
  const minimum = nftMinimumBid(listing.price, listing.current_bid, increment);
  const held = detail.my_margin?.status === 'held';
  // A bid freezes its price above the margin; the server first releases the hold of the bid it beats, so
  // a leader raising their own bid needs only the difference.
  const leading = useNftBids(detail.code, true).data?.pages[0]?.data[0];
  const typed = isAmount(price.trim()) && isPositive(price.trim()) ? price.trim() : undefined;
  const paid = detail.my_margin?.amount ?? '0';
  const bidNeed = typed === undefined ? '0' : leading?.self ? sub(nftBidHold(typed, paid), nftBidHold(leading.price, paid)) : nftBidHold(typed, paid);

  if (!held) {
    const amount = priced(listing.margin ?? '0', coin);
    return (
      <div className="nft-form">
        <p className="nft-hint">{t('nft.marginStep', { amount })}</p>
        <SpotFunds kind="nftBid" listing={listing} need={listing.margin ?? '0'} />
        <Button
          block
          shape="rounded"
          color="primary"
          loading={margin.isPending}
          onClick={() =>
            void confirmThenSend(
              { content: t('nft.confirmMargin', { amount, title: detail.title }), confirmText: t('nft.confirm'), cancelText: t('nft.cancel') },
              () => margin.mutateAsync({ code: detail.code }),
              t('nft.marginPaid'),
            )
          }
        >
          {t('nft.payMargin')}
        </Button>
      </div>
    );
  }

  /** The price's problem, as the server would find it: a number, the coin's unit, then the increment rule. */
  function problemOf(text: string): string | undefined {
    if (!isAmount(text) || !isPositive(text)) return t('nft.wrongPrice');
    if (money(text).decimalPlaces() > listing.decimals) return t('nft.tooFine', { coin, decimals: listing.decimals });
    if (!nftBidAcceptable(text, listing.price, listing.current_bid, increment)) return t('nft.bidTooLow', { price: priced(minimum, coin) });
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = price.trim();
    const problem = problemOf(value);
    setError(problem);
    if (problem) return;
    if (!(await confirmDialog({ content: t('nft.confirmBid', { price: priced(value, coin), title: detail.title }), confirmText: t('nft.confirm'), cancelText: t('nft.cancel') }))) return;
    try {
      await bid.mutateAsync({ code: detail.code, price: value });
      toastSuccess(t('nft.bidPlaced'));
      setPrice('');
    } catch (failure) {
      // The server's refusal (outbid meanwhile, ended, balance) in the reader's language, under the field too.
      if (failure instanceof ApiError) setError(failure.message);
    }
  }

  return (
    <form className="nft-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="nft-hint">{t('nft.bidStep', { increment: priced(increment, coin) })}</p>
      <Field
        label={t('nft.bidPrice')}
        inputMode="decimal"
        placeholder={t('nft.minimumBid', { price: priced(minimum, coin) })}
        value={price}
        onChange={(next) => {
          setPrice(next);
          setError(undefined);
        }}
        error={error}
      />
      <SpotFunds kind="nftBid" listing={listing} need={bidNeed} />
      <Button block shape="rounded" color="primary" type="submit" loading={bid.isPending}>
        {t('nft.placeBid')}
      </Button>
    </form>
  );
}

/** The spot balance an NFT payment, margin or bid draws on (refreshed with the funds after each), and its account note asking for what `need` lacks. */
function SpotFunds({ kind, listing, need }: { kind: 'nft' | 'nftBid'; listing: NftBoxView; need: string }) {
  const { t } = useTranslation();
  const coin = listing.currency;
  const available = useUserCoins().data?.find((c) => c.id === listing.currency_id)?.available[accountFieldOf('spot')];
  return (
    <>
      {available !== undefined && <p className="nft-hint">{t('funds.availableAmount', { amount: displayBalance(available), currency: coin })}</p>}
      <AccountNote kind={kind} currencyId={listing.currency_id} shortfall={available === undefined ? undefined : shortfallOf(need, available, coin)} />
    </>
  );
}
