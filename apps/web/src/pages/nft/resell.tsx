import type { NftCurrencyView, NftDetailView } from '@fairex/contract';
import { isPositive, money, mul } from '@fairex/contract/money';
import { NFT_RESALE_DAYS_MAX, nftSellerProceeds } from '@fairex/contract/rules';
import { isAmount, isDigits } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useNftCurrencies, useNftDetail, useNftResell, type NftResellRequest } from '../../api/nft.ts';
import { Field } from '../../components/field.tsx';
import { Empty, SelectField } from '../../components/funds/funds.tsx';
import { PageState, type PageQuery } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { resellable } from '../../components/nft/item-detail.tsx';
import { Cover, NFT_HOME_PATH, NftNotFound, nftCodeValid, priced, RarityBadge } from '../../components/nft/nft.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';

type SaleType = NftResellRequest['sale_type'];
const SALE_TYPES: readonly SaleType[] = ['normal', 'auction'];

/**
 * /pages/nft/resell?code= (login): offers a held artwork again, by fixed price or auction, in a coin,
 * for a number of days from customer service's approval. The platform's fee rate and what the seller
 * receives show as the price is typed and again in the confirmation, which says it cannot be undone;
 * afterwards the item shows under "reselling".
 */
export function NftResellPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const detail = useNftDetail(nftCodeValid(code) ? code : '');
  const coins = useNftCurrencies();
  if (code === '') return <Navigate to={NFT_HOME_PATH} replace />;
  // Both answers in before the form shows (its coin defaults to the first NFT coin).
  const both: PageQuery<[NftDetailView, NftCurrencyView[]]> = {
    data: detail.data && coins.data ? [detail.data, coins.data] : undefined,
    isError: detail.isError || coins.isError,
    error: detail.error ?? coins.error,
    refetch: () => Promise.all([detail.refetch(), coins.refetch()]),
  };
  return (
    <div className="page">
      <NavBar title={t('page.resell')} />
      {nftCodeValid(code) ? (
        <PageState query={both} notFound={<NftNotFound />}>
          {([item, list]) => (resellable(item) ? <ResellForm detail={item} coins={list} /> : <Empty>{t('nft.notResellable')}</Empty>)}
        </PageState>
      ) : (
        <NftNotFound />
      )}
    </div>
  );
}

function ResellForm({ detail, coins }: { detail: NftDetailView; coins: NftCurrencyView[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resell = useNftResell();
  const [saleType, setSaleType] = useState<SaleType>('normal');
  const [coinId, setCoinId] = useState(String(coins[0]?.id ?? ''));
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('7');
  const [increment, setIncrement] = useState('');
  const [margin, setMargin] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'price' | 'days' | 'increment' | 'margin', string>>>({});
  const coin = coins.find((c) => String(c.id) === coinId);
  const auction = saleType === 'auction';
  const feeRatio = detail.resale_fee_ratio;
  const rate = feeRatio === null ? '--' : `${mul(feeRatio, 100)}%`;

  const amountProblem = (text: string) => {
    if (!isAmount(text) || !isPositive(text)) return t('nft.wrongPrice');
    if (coin && money(text).decimalPlaces() > coin.decimals) return t('nft.tooFine', { coin: coin.name, decimals: coin.decimals });
    return undefined;
  };
  // What the seller receives at this price (at the starting price, an auction's least): the contract's rule, as the sale pays it.
  const net = feeRatio !== null && coin && amountProblem(price.trim()) === undefined ? nftSellerProceeds(price.trim(), feeRatio, coin.decimals) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      price: amountProblem(price.trim()),
      days: isDigits(days.trim()) && Number(days) >= 1 && Number(days) <= NFT_RESALE_DAYS_MAX ? undefined : t('nft.wrongDays', { max: NFT_RESALE_DAYS_MAX }),
      increment: auction ? amountProblem(increment.trim()) : undefined,
      margin: auction ? amountProblem(margin.trim()) : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const request: NftResellRequest = {
      code: detail.code,
      price: price.trim(),
      sale_type: saleType,
      times: Number(days),
      currency_id: coin?.id,
      ...(auction ? { increment: increment.trim(), margin: margin.trim() } : {}),
    };
    const coinName = coin?.name ?? '';
    const terms = { title: detail.title, price: priced(request.price, coinName), days: t('nft.daysCount', { count: request.times }), rate, fee: net ? priced(net.fee, coinName) : '--', proceeds: net ? priced(net.proceeds, coinName) : '--' };
    const sent = await confirmThenSend(
      {
        content: auction ? t('nft.confirmResellAuction', terms) : t('nft.confirmResell', { ...terms, saleType: t(`nft.saleType.${saleType}`) }),
        confirmText: t('nft.confirm'),
        cancelText: t('nft.cancel'),
      },
      () => resell.mutateAsync(request),
      t('nft.resellSent'),
    );
    if (sent) navigate('/pages/nft/mine?tab=reselling', { replace: true });
  }

  const field = (key: 'price' | 'increment' | 'margin', label: string, value: string, set: (v: string) => void) => (
    <Field
      label={label}
      inputMode="decimal"
      value={value}
      error={errors[key]}
      onChange={(next) => {
        set(next);
        setErrors({ ...errors, [key]: undefined });
      }}
    />
  );

  return (
    <>
      <section className="card nft-item-row" aria-label={detail.title}>
        <span className="nft-item-row__cover">
          <Cover src={detail.cover} title={detail.title} mediaType={detail.media_type} />
        </span>
        <span className="nft-item-row__text">
          <strong>{detail.title}</strong>
          <span className="muted">{detail.code}</span>
          <RarityBadge rarity={detail.rarity} />
        </span>
      </section>
      <form className="card nft-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="nft-hint">{t('nft.resellIntro')}</p>
        <SegmentTabs
          label={t('nft.resellSaleType')}
          kind="toggles"
          variant="pill"
          options={SALE_TYPES.map((value) => ({ value, label: t(`nft.saleType.${value}`) }))}
          value={saleType}
          onChange={setSaleType}
        />
        <SelectField label={t('nft.coin')} value={coinId} options={coins.map((c) => ({ value: String(c.id), label: c.name }))} onChange={setCoinId} />
        {field('price', auction ? t('nft.startingPrice') : t('nft.price'), price, setPrice)}
        {auction && field('increment', t('nft.increment'), increment, setIncrement)}
        {auction && field('margin', t('nft.margin'), margin, setMargin)}
        <Field
          label={t('nft.days')}
          inputMode="numeric"
          value={days}
          error={errors.days}
          onChange={(next) => {
            setDays(next);
            setErrors({ ...errors, days: undefined });
          }}
        />
        <p className="nft-hint">{t('nft.daysHint', { max: NFT_RESALE_DAYS_MAX })}</p>
        <Figures
          className="nft-figures"
          rows={[
            [t('nft.resaleFee'), rate],
            [auction ? t('nft.youReceiveAtLeast') : t('nft.youReceive'), net && coin ? priced(net.proceeds, coin.name) : '--'],
          ]}
        />
        <Button block shape="rounded" color="primary" type="submit" loading={resell.isPending}>
          {t('nft.submitResale')}
        </Button>
      </form>
    </>
  );
}
