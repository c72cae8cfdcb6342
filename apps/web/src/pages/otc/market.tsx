import type { OtcSide } from '@fairex/contract';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOtcAds, type OtcAdView, type OtcConfig } from '../../api/otc.ts';
import { SheetHead } from '../../components/choice-sheet.tsx';
import { Empty, LoadMore } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { useStore } from '../../store/store.ts';
import { CoinFiatPickers, defaultFiat, MerchantLine, useActionLabel, useMethodName } from './shared.tsx';
import { TakeForm } from './take.tsx';

/** The ad side a taker's side meets: a buyer takes sell ads, a seller takes buy ads. */
export const adSideOf = (takerSide: OtcSide): OtcSide => (takerSide === 'buy' ? 'sell' : 'buy');

/**
 * The market (?tab=market, the default): the taker's side (buy or sell), the coin and the fiat, then the
 * online ads best price first with each merchant's counters, ten at a time. "Buy"/"Sell" on an ad opens
 * the take sheet (&ad=ID) over the list.
 */
export function MarketView({ config }: { config: OtcConfig }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosenFiat = useStore((s) => s.fiat.currency_code);
  const side: OtcSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  const coin = config.coins.find((c) => c.id === Number(params.get('coin')))?.id ?? config.coins[0]?.id ?? 0;
  const fiatParam = params.get('fiat')?.toUpperCase();
  const fiat = fiatParam && config.fiats.some((f) => f.code === fiatParam) ? fiatParam : defaultFiat(config, chosenFiat);
  const adId = Number(params.get('ad'));

  /**
   * Changes the market in the query string, replacing the entry (the back button leaves OTC, not each
   * filter); opening an ad's sheet is a new entry, so "back" from the order it leads to (which replaces
   * it) returns to the list.
   */
  const update = (next: Record<string, string | null>, push = false) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        merged.set('tab', 'market');
        for (const [key, value] of Object.entries(next)) if (value === null) merged.delete(key);
        else merged.set(key, value);
        return merged;
      },
      { replace: !push },
    );

  return (
    <>
      <SegmentTabs
        label={t('otc.side')}
        kind="toggles"
        variant="buy-sell"
        options={[
          { value: 'buy', label: t('otc.iBuy') },
          { value: 'sell', label: t('otc.iSell') },
        ]}
        value={side}
        onChange={(next) => update({ side: next, ad: null })}
      />
      <CoinFiatPickers config={config} coin={coin} fiat={fiat} onCoin={(id) => update({ coin: String(id), ad: null })} onFiat={(code) => update({ fiat: code, ad: null })} />
      <AdList
        key={`${side}:${coin}:${fiat}`}
        config={config}
        side={side}
        coin={coin}
        fiat={fiat}
        adId={adId}
        onTake={(id) => update({ ad: String(id) }, true)}
        onClose={() => update({ ad: null })}
      />
    </>
  );
}

function AdList(props: { config: OtcConfig; side: OtcSide; coin: number; fiat: string; adId: number; onTake: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ads = useOtcAds({ side: adSideOf(props.side), currency_id: props.coin, fiat: props.fiat });
  const rows = ads.data?.pages.flatMap((page) => page.data) ?? [];
  const taking = rows.find((ad) => ad.id === props.adId);
  return (
    <>
      <PageState query={ads}>
        {() =>
          rows.length === 0 ? (
            <Empty>{t('otc.noAds')}</Empty>
          ) : (
            <>
              <ul className="otc-list" aria-label={t('otc.ads')}>
                {rows.map((ad) => (
                  <li key={ad.id}>
                    <AdCard ad={ad} takerSide={props.side} onTake={() => props.onTake(ad.id)} />
                  </li>
                ))}
              </ul>
              <LoadMore hasMore={ads.hasNextPage} loading={ads.isFetchingNextPage} onMore={() => void ads.fetchNextPage()} />
            </>
          )
        }
      </PageState>
      <Popup visible={taking !== undefined} onMaskClick={props.onClose} onClose={props.onClose} bodyClassName="sheet otc-sheet" destroyOnClose>
        {taking && (
          <>
            <SheetHead title={t(props.side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: taking.coin })} onClose={props.onClose} />
            <TakeForm ad={taking} config={props.config} />
          </>
        )}
      </Popup>
    </>
  );
}

/** One ad: merchant and counters, price, what remains, the per-order limits, methods and time to pay. */
export function AdCard({ ad, takerSide, onTake }: { ad: OtcAdView; takerSide: OtcSide; onTake: () => void }) {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const methodName = useMethodName();
  return (
    <article className="card otc-ad" aria-label={t('otc.adOf', { name: ad.merchant.name })}>
      <MerchantLine merchant={ad.merchant} />
      <div className="otc-ad__body">
        <div className="otc-ad__figures">
          <span className="otc-ad__price">
            <strong>{ad.price}</strong> <span className="muted">{ad.fiat}</span>
          </span>
          <span>{t('otc.available', { amount: ad.remaining, coin: ad.coin })}</span>
          <span>{t('otc.limits', { min: ad.min_fiat, max: ad.fiat_max_now, fiat: ad.fiat })}</span>
          <span className="otc-ad__methods">{ad.methods.map(methodName).join(' · ')}</span>
          <span className="muted">{t('otc.payWithin', { minutes: ad.pay_minutes })}</span>
        </div>
        {ad.own ? (
          <span className="pill pill--ghost otc-ad__own">{t('otc.ownAd')}</span>
        ) : (
          <Button size="small" shape="rounded" color={takerSide === 'buy' ? 'success' : 'danger'} onClick={onTake}>
            {actionLabel(takerSide, ad.coin)}
          </Button>
        )}
      </div>
      {ad.remark && <p className="otc-ad__remark">{ad.remark}</p>}
    </article>
  );
}
