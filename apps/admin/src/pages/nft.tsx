import { NFT_FILE_KINDS, NFT_RARITIES, type NftAdminArtistRow, type NftAdminCollectionRow, type NftAdminItemRow, type NftAdminListingRow, type NftAdminMediaRow, type NftAdminOverview, type NftAdminSeriesRow, type NftListingStatus, type NftMediaType, type NftRarity } from '@fairex/contract';
import { Button, Flex, Form, Image, Input, InputNumber, Select, Space, Statistic, Switch, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { nftApi, type NftArtworkSave, type NftListingSave, type NftSeriesSave } from '../api-nft.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { PromptModal } from '../components/prompt-modal.tsx';
import { useInstantText } from '../components/wealth.tsx';
import { useI18n, type MessageKey } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';

/**
 * The NFT marketplace: the resale review queue (customer service approves or refuses, with a reason),
 * the auction monitor (current bid, margins held, the winner's order), every listing, blind-box series
 * (a draft's pool and weights, then publishing: the seed's hash and the odds are fixed and shown to
 * users), artworks and their files, artists, collections and the settings. Nothing here picks a winner,
 * a draw or moves a user's money.
 */
/** The pickers offer the newest 100 files and artworks. */
const MEDIA_PAGE = { page: 1, limit: 100 };
const STATUSES: NftListingStatus[] = ['reviewing', 'rejected', 'on_sale', 'awaiting_payment', 'sold', 'unsold'];
const AMOUNT = /^\d{1,18}(\.\d{1,18})?$/;
const EMPTY_OVERVIEW: NftAdminOverview = { fee_ratio: '0', currencies: [], coins: [], artists: [], collections: [], series: [], balances: [] };

export async function nftLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s === params.get('status'));
  const listingQuery = listQueryOf(params, 'page');
  const reviewQuery = listQueryOf(params, 'review_page');
  const auctionQuery = listQueryOf(params, 'auction_page');
  const itemQuery = listQueryOf(params, 'items_page');
  const [overview, media, listings, reviews, auctions, items, pickable] = await Promise.all([
    loadOr(() => nftApi.overview(), EMPTY_OVERVIEW),
    loadOr(() => nftApi.media(MEDIA_PAGE), emptyPage<NftAdminMediaRow>(MEDIA_PAGE)),
    loadOr(() => nftApi.listings({ ...listingQuery, status }), emptyPage<NftAdminListingRow>(listingQuery)),
    loadOr(() => nftApi.listings({ ...reviewQuery, status: 'reviewing' }), emptyPage<NftAdminListingRow>(reviewQuery)),
    loadOr(() => nftApi.listings({ ...auctionQuery, sale_type: 'auction' }), emptyPage<NftAdminListingRow>(auctionQuery)),
    loadOr(() => nftApi.items(itemQuery), emptyPage<NftAdminItemRow>(itemQuery)),
    loadOr(() => nftApi.items(MEDIA_PAGE), emptyPage<NftAdminItemRow>(MEDIA_PAGE)),
  ]);
  return { overview, media, listings, reviews, auctions, items, pickable, status };
}

/** A datetime-local value (the operator's local time) as epoch ms, and back. */
const msOfLocal = (value: string) => new Date(value).getTime();
function localOfMs(ms: number) {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function useReload() {
  const revalidator = useRevalidator();
  return () => void revalidator.revalidate();
}

function mediaOptions(media: NftAdminMediaRow[], kinds: readonly string[]) {
  return media.filter((m) => kinds.includes(m.kind)).map((m) => ({ value: m.id, label: `#${m.id} ${m.kind} · ${m.mime} · ${Math.ceil(m.bytes / 1024)} KB` }));
}

// ---------------------------------------------------------------- modals

type Named = { name_en: string; name_zh: string; text_en: string; text_zh: string; media_id?: number; enabled: boolean; sort: number };

function NamedModal({ kind, row, media, onClose }: { kind: 'artist' | 'collection'; row: NftAdminArtistRow | NftAdminCollectionRow | null; media: NftAdminMediaRow[]; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const reload = useReload();
  const [form] = Form.useForm<Named>();
  const initial: Named = row
    ? 'bio_en' in row
      ? { name_en: row.name_en, name_zh: row.name_zh, text_en: row.bio_en, text_zh: row.bio_zh, media_id: row.avatar_media_id ?? undefined, enabled: row.enabled, sort: row.sort }
      : { name_en: row.name_en, name_zh: row.name_zh, text_en: row.description_en, text_zh: row.description_zh, media_id: row.cover_media_id ?? undefined, enabled: row.enabled, sort: row.sort }
    : { name_en: '', name_zh: '', text_en: '', text_zh: '', enabled: true, sort: 0 };
  const submit = async (v: Named) => {
    const common = { id: row?.id, name_en: v.name_en, name_zh: v.name_zh ?? '', enabled: v.enabled, sort: Number(v.sort ?? 0) };
    const call =
      kind === 'artist'
        ? () => nftApi.saveArtist({ ...common, bio_en: v.text_en ?? '', bio_zh: v.text_zh ?? '', avatar_media_id: v.media_id })
        : () => nftApi.saveCollection({ ...common, description_en: v.text_en ?? '', description_zh: v.text_zh ?? '', cover_media_id: v.media_id });
    if (await save(call)) {
      onClose();
      reload();
    }
  };
  return (
    <FormModal form={form} title={t(kind === 'artist' ? 'nft.artist' : 'nft.collection')} onClose={onClose}>
      <Form<Named> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <Form.Item name="name_en" label={t('nft.nameEn')} rules={[{ required: true, message: t('nft.required') }]}>
          <Input aria-label={t('nft.nameEn')} maxLength={80} />
        </Form.Item>
        <Form.Item name="name_zh" label={t('nft.nameZh')}>
          <Input aria-label={t('nft.nameZh')} maxLength={80} />
        </Form.Item>
        <Form.Item name="text_en" label={t('nft.textEn')}>
          <Input.TextArea aria-label={t('nft.textEn')} maxLength={2000} rows={3} />
        </Form.Item>
        <Form.Item name="text_zh" label={t('nft.textZh')}>
          <Input.TextArea aria-label={t('nft.textZh')} maxLength={2000} rows={3} />
        </Form.Item>
        <Form.Item name="media_id" label={t('nft.image')}>
          <Select aria-label={t('nft.image')} allowClear options={mediaOptions(media, ['image', 'gif'])} />
        </Form.Item>
        <Form.Item name="sort" label={t('nft.sort')}>
          <InputNumber aria-label={t('nft.sort')} min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('nft.enabled')} valuePropName="checked">
          <Switch aria-label={t('nft.enabled')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function ArtworkModal({ row, overview, media, onClose }: { row: NftAdminItemRow | null; overview: NftAdminOverview; media: NftAdminMediaRow[]; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const reload = useReload();
  const [form] = Form.useForm<NftArtworkSave>();
  const type = Form.useWatch('media_type', form) ?? row?.media_type ?? 'image';
  const initial: Partial<NftArtworkSave> = row
    ? {
        title_en: row.title_en,
        title_zh: row.title_zh,
        description_en: row.description_en,
        description_zh: row.description_zh,
        media_type: row.media_type === 'blind_box' ? 'image' : row.media_type,
        media_id: row.media_id ?? undefined,
        cover_media_id: row.cover_media_id ?? undefined,
        artist_id: row.artist_id ?? undefined,
        collection_id: row.collection_id ?? undefined,
        rarity: row.rarity ?? 'common',
      }
    : { media_type: 'image', rarity: 'common', title_zh: '', description_en: '', description_zh: '' };
  const submit = async (v: NftArtworkSave) => {
    if (await save(() => nftApi.saveArtwork({ ...v, id: row?.id, title_zh: v.title_zh ?? '', description_en: v.description_en ?? '', description_zh: v.description_zh ?? '' }))) {
      onClose();
      reload();
    }
  };
  return (
    <FormModal form={form} title={row ? t('nft.editArtwork', { code: row.code }) : t('nft.addArtwork')} onClose={onClose}>
      <Form<NftArtworkSave> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        {titleAndTextFields(t, 3)}
        <Form.Item name="media_type" label={t('nft.mediaType')} rules={[{ required: true }]}>
          <Select aria-label={t('nft.mediaType')} options={NFT_FILE_KINDS.map((k) => ({ value: k, label: t(`nft.media.${k}`) }))} />
        </Form.Item>
        <Form.Item name="media_id" label={t('nft.file')} rules={[{ required: true, message: t('nft.required') }]}>
          <Select aria-label={t('nft.file')} options={mediaOptions(media, type === 'image' ? ['image', 'gif'] : [type])} />
        </Form.Item>
        <Form.Item name="cover_media_id" label={t('nft.cover')} rules={[{ required: true, message: t('nft.required') }]}>
          <Select aria-label={t('nft.cover')} options={mediaOptions(media, ['image', 'gif'])} />
        </Form.Item>
        <Form.Item name="artist_id" label={t('nft.artist')} rules={[{ required: true, message: t('nft.required') }]}>
          <Select aria-label={t('nft.artist')} options={overview.artists.map((a) => ({ value: a.id, label: a.name_en }))} />
        </Form.Item>
        <Form.Item name="collection_id" label={t('nft.collection')}>
          <Select aria-label={t('nft.collection')} allowClear options={overview.collections.map((c) => ({ value: c.id, label: c.name_en }))} />
        </Form.Item>
        <Form.Item name="rarity" label={t('nft.rarity')} rules={[{ required: true }]}>
          <Select aria-label={t('nft.rarity')} options={NFT_RARITIES.map((r) => ({ value: r, label: t(`nft.rarity.${r}`) }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

type ListingForm = Omit<NftListingSave, 'start_at' | 'end_at'> & { start_at: string; end_at: string };

function ListingModal({ item, overview, onClose }: { item: NftAdminItemRow; overview: NftAdminOverview; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const reload = useReload();
  const [form] = Form.useForm<ListingForm>();
  const auction = Form.useWatch('sale_type', form) === 'auction';
  const now = Date.now();
  const amount = (required: boolean) => [{ required, pattern: AMOUNT, message: t('nft.amountInvalid') }];
  const submit = async (v: ListingForm) => {
    const input: NftListingSave = {
      ...v,
      item_id: item.id,
      increment: auction ? v.increment : undefined,
      margin: auction ? v.margin : undefined,
      start_at: msOfLocal(v.start_at),
      end_at: msOfLocal(v.end_at),
    };
    if (await save(() => nftApi.createListing(input))) {
      onClose();
      reload();
    }
  };
  return (
    <FormModal form={form} title={t('nft.listFor', { code: item.code })} onClose={onClose}>
      <Form<ListingForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ sale_type: 'normal', currency_id: overview.currencies[0], price: '', start_at: localOfMs(now), end_at: localOfMs(now + 3 * 86_400_000) }}
        onFinish={submit}
      >
        <Form.Item name="sale_type" label={t('nft.saleType')}>
          <Select aria-label={t('nft.saleType')} options={(['normal', 'auction'] as const).map((s) => ({ value: s, label: t(`nft.sale.${s}`) }))} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('nft.coin')} rules={[{ required: true }]}>
          <Select aria-label={t('nft.coin')} options={overview.coins.filter((c) => overview.currencies.includes(c.id)).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="price" label={t(auction ? 'nft.startPrice' : 'nft.price')} rules={amount(true)}>
          <Input aria-label={t('nft.price')} inputMode="decimal" />
        </Form.Item>
        {auction && (
          <>
            <Form.Item name="increment" label={t('nft.increment')} rules={amount(true)}>
              <Input aria-label={t('nft.increment')} inputMode="decimal" />
            </Form.Item>
            <Form.Item name="margin" label={t('nft.margin')} rules={amount(true)} extra={t('nft.marginHint')}>
              <Input aria-label={t('nft.margin')} inputMode="decimal" />
            </Form.Item>
          </>
        )}
        <Form.Item name="start_at" label={t('nft.startAt')} rules={[{ required: true }]}>
          <Input aria-label={t('nft.startAt')} type="datetime-local" />
        </Form.Item>
        <Form.Item name="end_at" label={t('nft.endAt')} rules={[{ required: true }]}>
          <Input aria-label={t('nft.endAt')} type="datetime-local" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

type SeriesForm = Omit<NftSeriesSave, 'start_at' | 'end_at'> & { start_at: string; end_at: string };

function SeriesModal({ row, overview, media, onClose }: { row: NftAdminSeriesRow | null; overview: NftAdminOverview; media: NftAdminMediaRow[]; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const reload = useReload();
  const [form] = Form.useForm<SeriesForm>();
  const now = Date.now();
  const initial: Partial<SeriesForm> = row
    ? { ...row, start_at: localOfMs(row.start_at), end_at: localOfMs(row.end_at) }
    : { title_zh: '', description_en: '', description_zh: '', currency_id: overview.currencies[0], start_at: localOfMs(now + 3_600_000), end_at: localOfMs(now + 7 * 86_400_000) };
  const submit = async (v: SeriesForm) => {
    const input: NftSeriesSave = { ...v, id: row?.id, title_zh: v.title_zh ?? '', description_en: v.description_en ?? '', description_zh: v.description_zh ?? '', start_at: msOfLocal(v.start_at), end_at: msOfLocal(v.end_at) };
    if (await save(() => nftApi.saveSeries(input))) {
      onClose();
      reload();
    }
  };
  return (
    <FormModal form={form} title={row ? t('nft.editSeries', { code: row.code }) : t('nft.addSeries')} onClose={onClose}>
      <Form<SeriesForm> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        {titleAndTextFields(t, 2)}
        <Form.Item name="cover_media_id" label={t('nft.cover')} rules={[{ required: true, message: t('nft.required') }]}>
          <Select aria-label={t('nft.cover')} options={mediaOptions(media, ['image', 'gif'])} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('nft.coin')} rules={[{ required: true }]}>
          <Select aria-label={t('nft.coin')} options={overview.coins.filter((c) => overview.currencies.includes(c.id)).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="price" label={t('nft.boxPrice')} rules={[{ required: true, pattern: AMOUNT, message: t('nft.amountInvalid') }]}>
          <Input aria-label={t('nft.boxPrice')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="start_at" label={t('nft.startAt')} rules={[{ required: true }]}>
          <Input aria-label={t('nft.startAt')} type="datetime-local" />
        </Form.Item>
        <Form.Item name="end_at" label={t('nft.endAt')} rules={[{ required: true }]}>
          <Input aria-label={t('nft.endAt')} type="datetime-local" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function PoolModal({ series, items, onClose }: { series: NftAdminSeriesRow; items: NftAdminItemRow[]; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const reload = useReload();
  const [form] = Form.useForm<{ item_id: number; weight: number }>();
  const candidates = items.filter((i) => i.kind === 'artwork' && i.owner_user_id === null && (i.state === 'held' || (i.state === 'pooled' && i.series_id === series.id)));
  const submit = async (v: { item_id: number; weight: number }) => {
    if (await save(() => nftApi.setPool({ series_id: series.id, item_id: v.item_id, weight: Number(v.weight) }))) {
      onClose();
      reload();
    }
  };
  return (
    <FormModal form={form} title={t('nft.poolFor', { code: series.code })} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('nft.poolHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ weight: 10 }} onFinish={submit}>
        <Form.Item name="item_id" label={t('nft.artwork')} rules={[{ required: true, message: t('nft.required') }]}>
          <Select aria-label={t('nft.artwork')} showSearch optionFilterProp="label" options={candidates.map((i) => ({ value: i.id, label: `${i.code} ${i.title_en}` }))} />
        </Form.Item>
        <Form.Item name="weight" label={t('nft.weight')} rules={[{ required: true }]}>
          <InputNumber aria-label={t('nft.weight')} min={1} max={1_000_000} precision={0} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function SettingsForm({ overview }: { overview: NftAdminOverview }) {
  const { t } = useI18n();
  const save = useSave();
  const reload = useReload();
  const [form] = Form.useForm<{ fee_ratio: string; currencies: number[] }>();
  const submit = async (v: { fee_ratio: string; currencies: number[] }) => {
    if (await save(() => nftApi.saveSettings({ fee_ratio: v.fee_ratio.trim(), currencies: v.currencies.join(',') }))) reload();
  };
  return (
    <Form form={form} layout="inline" initialValues={{ fee_ratio: overview.fee_ratio, currencies: overview.currencies }} onFinish={submit}>
      <Form.Item name="fee_ratio" label={t('nft.feeRatio')} rules={[{ required: true, pattern: /^\d(\.\d{1,6})?$/, message: t('nft.amountInvalid') }]} extra={t('nft.feeHint')}>
        <Input aria-label={t('nft.feeRatio')} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="currencies" label={t('nft.coins')} rules={[{ required: true }]}>
        <Select aria-label={t('nft.coins')} mode="multiple" style={{ minWidth: 240 }} options={overview.coins.map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <Button htmlType="submit">{t('nft.saveSettings')}</Button>
    </Form>
  );
}

// ---------------------------------------------------------------- the page

export function NftPage() {
  const { overview, media, listings, reviews, auctions, items, pickable, status } = useLoaderData<typeof nftLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const save = useSave();
  const reload = useReload();
  const go = useUrlChange();
  const [named, setNamed] = useState<{ kind: 'artist' | 'collection'; row: NftAdminArtistRow | NftAdminCollectionRow | null } | null>(null);
  const [artwork, setArtwork] = useState<NftAdminItemRow | null | undefined>(undefined);
  const [listFor, setListFor] = useState<NftAdminItemRow | null>(null);
  const [series, setSeries] = useState<NftAdminSeriesRow | null | undefined>(undefined);
  const [poolFor, setPoolFor] = useState<NftAdminSeriesRow | null>(null);
  const [rejecting, setRejecting] = useState<NftAdminListingRow | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && (await save(() => nftApi.upload(file)))) reload();
  };
  const approve = async (row: NftAdminListingRow) => {
    if (await save(() => nftApi.review({ listing_id: row.id, decision: 'approve', note: '' }))) reload();
  };
  const reject = async (text: string) => {
    const ok = rejecting ? await save(() => nftApi.review({ listing_id: rejecting.id, decision: 'reject', note: text })) : false;
    if (ok) {
      setRejecting(null);
      reload();
    }
    return ok;
  };

  const statusTag = (s: NftListingStatus) => <Tag color={s === 'on_sale' ? 'green' : s === 'reviewing' || s === 'awaiting_payment' ? 'gold' : undefined}>{t(`nft.status.${s}`)}</Tag>;
  const listingColumns: TableColumnsType<NftAdminListingRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('nft.code'), key: 'code', render: (_, r) => <Space orientation="vertical" size={0}><span>{r.code}</span><Typography.Text type="secondary">{r.title}</Typography.Text></Space> },
    { title: t('nft.saleType'), dataIndex: 'sale_type', render: (s: NftAdminListingRow['sale_type']) => t(`nft.sale.${s}`) },
    { title: t('nft.seller'), dataIndex: 'seller_user_id', render: (id: number | null) => (id === null ? t('nft.platform') : `#${id}`) },
    { title: t('nft.price'), key: 'price', align: 'right', render: (_, r) => `${r.price} ${r.currency}` },
    { title: t('nft.window'), key: 'window', render: (_, r) => (r.start_at === null ? t('nft.days', { days: r.times_days ?? 0 }) : `${at(r.start_at)} → ${at(r.end_at)}`) },
    { title: t('nft.statusLabel'), dataIndex: 'status', render: statusTag },
  ];
  const reviewColumns: TableColumnsType<NftAdminListingRow> = [
    ...listingColumns,
    { title: t('nft.createdAt'), dataIndex: 'created_at', render: at },
    {
      title: t('nft.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space>
          <Button type="primary" aria-label={t('nft.approveListing', { id: r.id })} onClick={() => void approve(r)}>
            {t('nft.approve')}
          </Button>
          <Button danger aria-label={t('nft.rejectListing', { id: r.id })} onClick={() => setRejecting(r)}>
            {t('nft.reject')}
          </Button>
        </Space>
      ),
    },
  ];
  const auctionColumns: TableColumnsType<NftAdminListingRow> = [
    ...listingColumns,
    { title: t('nft.currentBid'), key: 'bid', align: 'right', render: (_, r) => (r.current_bid ? `${r.current_bid} (#${r.current_bidder_id})` : '—') },
    { title: t('nft.bids'), dataIndex: 'bid_count', align: 'right' },
    { title: t('nft.marginsHeld'), key: 'margins', align: 'right', render: (_, r) => `${r.margins_held} · ${r.margins_total} ${r.currency}` },
    { title: t('nft.order'), key: 'order', render: (_, r) => (r.order ? `#${r.order.id} · ${t(`nft.orderStatus.${r.order.status}`)} · ${at(r.order.due_at)}` : '—') },
  ];
  const allColumns: TableColumnsType<NftAdminListingRow> = [
    ...listingColumns,
    {
      title: t('nft.actions'),
      key: 'actions',
      render: (_, r) =>
        r.seller_user_id === null && r.sale_type !== 'blind_box' && r.status === 'on_sale' && r.start_at !== null && r.start_at > Date.now() ? (
          <Button aria-label={t('nft.withdrawListing', { id: r.id })} onClick={async () => (await save(() => nftApi.cancelListing(r.id))) && reload()}>
            {t('nft.withdraw')}
          </Button>
        ) : null,
    },
  ];
  const itemColumns: TableColumnsType<NftAdminItemRow> = [
    { title: t('nft.cover'), dataIndex: 'cover', render: (url: string | null) => (url ? <Image src={url} width={40} alt="" /> : null) },
    { title: t('nft.code'), dataIndex: 'code' },
    { title: t('nft.title'), key: 'title', render: (_, r) => <Space orientation="vertical" size={0}><span>{r.title_en}</span>{r.demo && <Tag>{t('nft.demo')}</Tag>}</Space> },
    { title: t('nft.mediaType'), dataIndex: 'media_type', render: (m: NftMediaType) => t(`nft.media.${m}`) },
    { title: t('nft.rarity'), dataIndex: 'rarity', render: (r: NftRarity | null) => (r ? t(`nft.rarity.${r}`) : '—') },
    { title: t('nft.owner'), dataIndex: 'owner_user_id', render: (id: number | null) => (id === null ? t('nft.platform') : `#${id}`) },
    { title: t('nft.state'), dataIndex: 'state', render: (s: string) => t(`nft.state.${s as 'held' | 'listed' | 'pooled' | 'unopened' | 'opened'}`) },
    {
      title: t('nft.actions'),
      key: 'actions',
      render: (_, r) =>
        r.kind === 'artwork' && r.owner_user_id === null && r.state === 'held' ? (
          <Space>
            <Button aria-label={t('nft.editArtwork', { code: r.code })} onClick={() => setArtwork(r)}>
              {t('nft.edit')}
            </Button>
            <Button aria-label={t('nft.listFor', { code: r.code })} onClick={() => setListFor(r)}>
              {t('nft.list')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  const seriesColumns: TableColumnsType<NftAdminSeriesRow> = [
    { title: t('nft.code'), key: 'code', render: (_, r) => <Space orientation="vertical" size={0}><span>{r.code}</span><Typography.Text type="secondary">{r.title_en}</Typography.Text>{r.demo && <Tag>{t('nft.demo')}</Tag>}</Space> },
    { title: t('nft.boxPrice'), key: 'price', align: 'right', render: (_, r) => `${r.price} ${r.currency}` },
    { title: t('nft.window'), key: 'window', render: (_, r) => `${at(r.start_at)} → ${at(r.end_at)}` },
    { title: t('nft.statusLabel'), dataIndex: 'status', render: (s: NftAdminSeriesRow['status']) => <Tag color={s === 'published' ? 'green' : undefined}>{t(`nft.seriesStatus.${s}`)}</Tag> },
    { title: t('nft.boxes'), key: 'boxes', render: (_, r) => t('nft.boxesFigures', { sold: r.boxes_sold, opened: r.boxes_opened, pool: r.pool.length }) },
    {
      title: t('nft.pool'),
      key: 'pool',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.pool.map((p) => (
            <span key={p.item_id}>
              {p.code} · {t(`nft.rarity.${p.rarity}`)} · {t('nft.weightOdds', { weight: p.weight, odds: p.odds })}
              {p.drawn && <Tag>{t('nft.drawn')}</Tag>}
              {r.status === 'draft' && (
                <Button size="small" type="link" aria-label={t('nft.removeFromPool', { code: p.code })} onClick={async () => (await save(() => nftApi.removePool({ series_id: r.id, item_id: p.item_id }))) && reload()}>
                  {t('nft.remove')}
                </Button>
              )}
            </span>
          ))}
        </Space>
      ),
    },
    { title: t('nft.seedHash'), dataIndex: 'seed_hash', render: (h: string | null) => (h ? <Typography.Text code copyable={{ text: h }}>{h.slice(0, 16)}…</Typography.Text> : '—') },
    {
      title: t('nft.actions'),
      key: 'actions',
      render: (_, r) =>
        r.status === 'draft' ? (
          <Space wrap>
            <Button onClick={() => setSeries(r)} aria-label={t('nft.editSeries', { code: r.code })}>
              {t('nft.edit')}
            </Button>
            <Button onClick={() => setPoolFor(r)} aria-label={t('nft.poolFor', { code: r.code })}>
              {t('nft.addToPool')}
            </Button>
            <Button type="primary" aria-label={t('nft.publishSeries', { code: r.code })} onClick={async () => (await save(() => nftApi.publish(r.id))) && reload()}>
              {t('nft.publish')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  const artistColumns: TableColumnsType<NftAdminArtistRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('nft.image'), dataIndex: 'avatar', render: (url: string | null) => (url ? <Image src={url} width={32} alt="" /> : null) },
    { title: t('nft.name'), key: 'name', render: (_, r) => <Space><span>{r.name_en}</span>{r.demo && <Tag>{t('nft.demo')}</Tag>}</Space> },
    { title: t('nft.works'), dataIndex: 'works', align: 'right' },
    { title: t('nft.enabled'), dataIndex: 'enabled', render: (e: boolean) => (e ? t('nft.yes') : t('nft.no')) },
    { title: t('nft.actions'), key: 'a', render: (_, r) => <Button aria-label={t('nft.editNamed', { name: r.name_en })} onClick={() => setNamed({ kind: 'artist', row: r })}>{t('nft.edit')}</Button> },
  ];
  const collectionColumns: TableColumnsType<NftAdminCollectionRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('nft.image'), dataIndex: 'cover', render: (url: string | null) => (url ? <Image src={url} width={32} alt="" /> : null) },
    { title: t('nft.name'), key: 'name', render: (_, r) => <Space><span>{r.name_en}</span>{r.demo && <Tag>{t('nft.demo')}</Tag>}</Space> },
    { title: t('nft.items'), dataIndex: 'items', align: 'right' },
    { title: t('nft.enabled'), dataIndex: 'enabled', render: (e: boolean) => (e ? t('nft.yes') : t('nft.no')) },
    { title: t('nft.actions'), key: 'a', render: (_, r) => <Button aria-label={t('nft.editNamed', { name: r.name_en })} onClick={() => setNamed({ kind: 'collection', row: r })}>{t('nft.edit')}</Button> },
  ];
  const mediaColumns: TableColumnsType<NftAdminMediaRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('nft.mediaType'), dataIndex: 'kind', render: (k: NftMediaType) => t(`nft.media.${k}`) },
    { title: 'MIME', dataIndex: 'mime' },
    { title: t('nft.size'), dataIndex: 'bytes', align: 'right', render: (b: number) => `${Math.ceil(b / 1024)} KB` },
    {
      title: t('nft.preview'),
      key: 'preview',
      render: (_, m) =>
        m.kind === 'audio' ? <audio controls src={m.url} preload="none" /> : m.kind === 'video' ? <video controls src={m.url} preload="none" width={160} /> : <Image src={m.url} width={48} alt="" />,
    },
    { title: t('nft.uploadedAt'), dataIndex: 'uploaded_at', render: at },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('menu.nft')}</Typography.Title>
      <Space size="large" wrap>
        {overview.balances.map((b) => (
          <Statistic key={`${b.system}:${b.currency}`} title={t(`nft.balance.${b.system}`, { coin: b.currency })} value={b.balance} />
        ))}
      </Space>
      <Tabs
        items={[
          { key: 'review', label: t('nft.tab.review', { count: reviews.total }), children: <PagedTable<NftAdminListingRow> columns={reviewColumns} page={reviews} pageParam="review_page" scroll={{ x: true }} /> },
          { key: 'auctions', label: t('nft.tab.auctions'), children: <PagedTable<NftAdminListingRow> columns={auctionColumns} page={auctions} pageParam="auction_page" scroll={{ x: true }} /> },
          {
            key: 'listings',
            label: t('nft.tab.listings'),
            children: (
              <Flex vertical gap="small">
                <Select
                  aria-label={t('nft.statusLabel')}
                  placeholder={t('nft.statusLabel')}
                  allowClear
                  value={status}
                  style={{ width: 200 }}
                  onChange={(value?: NftListingStatus) => go({ status: value, page: undefined })}
                  options={STATUSES.map((s) => ({ value: s, label: t(`nft.status.${s}`) }))}
                />
                <PagedTable<NftAdminListingRow> columns={allColumns} page={listings} pageParam="page" scroll={{ x: true }} />
              </Flex>
            ),
          },
          {
            key: 'series',
            label: t('nft.tab.series'),
            children: (
              <Flex vertical gap="small">
                <Typography.Text type="secondary">{t('nft.seriesHint')}</Typography.Text>
                <Button style={{ alignSelf: 'flex-start' }} onClick={() => setSeries(null)}>
                  {t('nft.addSeries')}
                </Button>
                <Table<NftAdminSeriesRow> rowKey="id" columns={seriesColumns} dataSource={overview.series} pagination={false} size="small" scroll={{ x: true }} />
              </Flex>
            ),
          },
          {
            key: 'artworks',
            label: t('nft.tab.artworks'),
            children: (
              <Flex vertical gap="small">
                <Button style={{ alignSelf: 'flex-start' }} onClick={() => setArtwork(null)}>
                  {t('nft.addArtwork')}
                </Button>
                <PagedTable<NftAdminItemRow> columns={itemColumns} page={items} pageParam="items_page" scroll={{ x: true }} />
              </Flex>
            ),
          },
          {
            key: 'media',
            label: t('nft.tab.media'),
            children: (
              <Flex vertical gap="small">
                <Typography.Text type="secondary">{t('nft.uploadHint')}</Typography.Text>
                <label>
                  {t('nft.upload')}{' '}
                  <input type="file" aria-label={t('nft.upload')} accept="image/png,image/jpeg,image/gif,image/webp,audio/*,video/mp4,video/webm" onChange={(e) => void upload(e)} />
                </label>
                <Table<NftAdminMediaRow> rowKey="id" columns={mediaColumns} dataSource={media.data} pagination={{ pageSize: 20 }} size="small" />
              </Flex>
            ),
          },
          {
            key: 'people',
            label: t('nft.tab.artists'),
            children: (
              <Flex vertical gap="small">
                <Button style={{ alignSelf: 'flex-start' }} onClick={() => setNamed({ kind: 'artist', row: null })}>
                  {t('nft.addArtist')}
                </Button>
                <Table<NftAdminArtistRow> rowKey="id" columns={artistColumns} dataSource={overview.artists} pagination={false} size="small" />
                <Button style={{ alignSelf: 'flex-start' }} onClick={() => setNamed({ kind: 'collection', row: null })}>
                  {t('nft.addCollection')}
                </Button>
                <Table<NftAdminCollectionRow> rowKey="id" columns={collectionColumns} dataSource={overview.collections} pagination={false} size="small" />
              </Flex>
            ),
          },
          { key: 'settings', label: t('nft.tab.settings'), children: <SettingsForm overview={overview} /> },
        ]}
      />
      {named && <NamedModal kind={named.kind} row={named.row} media={media.data} onClose={() => setNamed(null)} />}
      {artwork !== undefined && <ArtworkModal row={artwork} overview={overview} media={media.data} onClose={() => setArtwork(undefined)} />}
      {listFor && <ListingModal item={listFor} overview={overview} onClose={() => setListFor(null)} />}
      {series !== undefined && <SeriesModal row={series} overview={overview} media={media.data} onClose={() => setSeries(undefined)} />}
      {poolFor && <PoolModal series={poolFor} items={pickable.data} onClose={() => setPoolFor(null)} />}
      <PromptModal
        open={rejecting !== null}
        title={t('nft.rejectListing', { id: rejecting?.id ?? 0 })}
        label={t('nft.reason')}
        required={t('nft.reasonRequired')}
        okText={t('nft.reject')}
        cancelText={t('nft.cancel')}
        danger
        onCancel={() => setRejecting(null)}
        onSubmit={reject}
      />
    </Flex>
  );
}

/** The English and Chinese title and text of an artwork or a series (English title required). */
function titleAndTextFields(t: (key: MessageKey) => string, rows: number) {
  return (
    <>
      <Form.Item name="title_en" label={t('nft.titleEn')} rules={[{ required: true, message: t('nft.required') }]}>
        <Input aria-label={t('nft.titleEn')} maxLength={80} />
      </Form.Item>
      <Form.Item name="title_zh" label={t('nft.titleZh')}>
        <Input aria-label={t('nft.titleZh')} maxLength={80} />
      </Form.Item>
      <Form.Item name="description_en" label={t('nft.textEn')}>
        <Input.TextArea aria-label={t('nft.textEn')} maxLength={2000} rows={rows} />
      </Form.Item>
      <Form.Item name="description_zh" label={t('nft.textZh')}>
        <Input.TextArea aria-label={t('nft.textZh')} maxLength={2000} rows={rows} />
      </Form.Item>
    </>
  );
}
