import type { MiningCategory, MiningOrderStatus } from '@fairex/contract';
import { mul } from '@fairex/contract/money';
import { Button, Flex, Form, Input, InputNumber, Select, Space, Statistic, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { miningApi, type MiningOrderRow, type MiningOverview, type MiningProductRow, type MiningProductSave, type MiningRateRow, type MiningRun } from '../api-mining.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { useEnabledColumn } from '../components/review-cells.tsx';
import { coinTotals, IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';

/**
 * Lock-up mining: the interest_expense that funds interest, the products (created and edited by
 * admins), the daily rates (an admin publishes one for a day that has not started, inside the
 * product's range; otherwise each day pays the range's low end), the order search and the runs of the
 * payout job (what each paid and returned, when). Nothing here writes an order or a payout.
 */
const CATEGORIES: MiningCategory[] = ['lock', 'defi', 'cloud'];
const STATUSES: MiningOrderStatus[] = ['active', 'redeemed', 'expired'];

export async function miningLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = pageQueryOf(request);
  const status = STATUSES.find((s) => s === params.get('status'));
  const filters = { user_id: positiveIntParam(params, 'user_id'), product_id: positiveIntParam(params, 'product_id'), status };
  const runQuery = listQueryOf(params, 'runs_page');
  const [overview, orders, runs] = await Promise.all([
    loadOr<MiningOverview>(() => miningApi.overview(), { time_zone: 'UTC', today: '', products: [], rates: [], coins: [], interest_expense: [] }),
    loadOr(() => miningApi.orders({ ...query, ...filters }), emptyPage<MiningOrderRow>(query)),
    loadOr(() => miningApi.runs(runQuery), emptyPage<MiningRun>(runQuery)),
  ]);
  return { overview, orders, runs, filters };
}

const RATE = /^\d{1,4}(\.\d{1,10})?$/;
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const percent = (rate: string) => `${mul(rate, 100)}%`;

type ProductForm = Omit<MiningProductSave, 'amount_max'> & { amount_max?: string };

function ProductModal({ row, coins, onClose }: { row: MiningProductRow | null; coins: MiningOverview['coins']; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<ProductForm>();
  const rateRules = [{ required: true, pattern: RATE, message: t('mining.rateInvalid') }];
  const initial: ProductForm = row
    ? { ...row, amount_max: row.amount_max ?? '' }
    : {
        category: 'lock',
        name_en: '',
        name_zh: '',
        currency_id: coins[0]?.id ?? 1,
        term_days: 5,
        daily_yield_min: '0.003',
        daily_yield_max: '0.004',
        amount_min: '100',
        amount_max: '',
        penalty_ratio: '0.004',
        enabled: true,
        sort: 0,
      };
  const submit = async (values: ProductForm) => {
    const input: MiningProductSave = {
      ...values,
      id: row?.id,
      term_days: Number(values.term_days),
      sort: Number(values.sort),
      amount_max: values.amount_max?.trim() ? values.amount_max.trim() : undefined,
    };
    if (await save(() => miningApi.saveProduct(input))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  return (
    <FormModal form={form} title={row ? t('mining.editProduct', { id: row.id }) : t('mining.addProduct')} onClose={onClose}>
      <Form<ProductForm> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <Form.Item name="category" label={t('mining.category')} rules={[{ required: true }]}>
          <Select aria-label={t('mining.category')} options={CATEGORIES.map((value) => ({ value, label: t(`mining.category.${value}`) }))} />
        </Form.Item>
        <Form.Item name="name_en" label={t('mining.nameEn')} rules={[{ required: true, message: t('mining.nameRequired') }]}>
          <Input aria-label={t('mining.nameEn')} maxLength={80} />
        </Form.Item>
        <Form.Item name="name_zh" label={t('mining.nameZh')}>
          <Input aria-label={t('mining.nameZh')} maxLength={80} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('mining.coin')} rules={[{ required: true }]}>
          <Select aria-label={t('mining.coin')} options={coins.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="term_days" label={t('mining.termDays')} rules={[{ required: true }]}>
          <InputNumber aria-label={t('mining.termDays')} min={1} max={3650} precision={0} />
        </Form.Item>
        <Form.Item name="daily_yield_min" label={t('mining.yieldMin')} rules={rateRules} extra={t('mining.rateHint')}>
          <Input aria-label={t('mining.yieldMin')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="daily_yield_max" label={t('mining.yieldMax')} rules={rateRules}>
          <Input aria-label={t('mining.yieldMax')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="amount_min" label={t('mining.amountMin')} rules={[{ required: true, pattern: AMOUNT, message: t('markets.numberInvalid') }]}>
          <Input aria-label={t('mining.amountMin')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="amount_max" label={t('mining.amountMax')} rules={[{ pattern: AMOUNT, message: t('markets.numberInvalid') }]} extra={t('mining.amountMaxHint')}>
          <Input aria-label={t('mining.amountMax')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="penalty_ratio" label={t('mining.penaltyRatio')} rules={rateRules} extra={t('mining.penaltyHint')}>
          <Input aria-label={t('mining.penaltyRatio')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="sort" label={t('mining.sort')}>
          <InputNumber aria-label={t('mining.sort')} min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('symbols.enabled')} valuePropName="checked">
          <Switch aria-label={t('symbols.enabled')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function RateModal({ product, today, onClose }: { product: MiningProductRow; today: string; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<{ day: string; rate: string }>();
  const submit = async (values: { day: string; rate: string }) => {
    if (await save(() => miningApi.publishRate({ product_id: product.id, day: values.day, rate: values.rate.trim() }))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  return (
    <FormModal form={form} title={t('mining.publishRateFor', { name: product.name_en })} okText={t('mining.publish')} onClose={onClose}>
      <Typography.Paragraph type="secondary">
        {t('mining.publishHint', { min: percent(product.daily_yield_min), max: percent(product.daily_yield_max), today })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ day: '', rate: product.daily_yield_min }} onFinish={submit}>
        <Form.Item name="day" label={t('mining.day')} rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('mining.dayInvalid') }]}>
          <Input aria-label={t('mining.day')} type="date" min={today} />
        </Form.Item>
        <Form.Item name="rate" label={t('mining.rate')} rules={[{ required: true, pattern: RATE, message: t('mining.rateInvalid') }]}>
          <Input aria-label={t('mining.rate')} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function MiningPage() {
  const { overview, orders, runs, filters } = useLoaderData<typeof miningLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const go = useUrlChange();
  const [editing, setEditing] = useState<MiningProductRow | null | undefined>(undefined);
  const [rateFor, setRateFor] = useState<MiningProductRow | null>(null);
  const enabledColumn = useEnabledColumn<MiningProductRow>();
  const productName = (id: number) => overview.products.find((p) => p.id === id)?.name_en ?? `#${id}`;

  const productColumns: TableColumnsType<MiningProductRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('mining.category'), dataIndex: 'category', render: (c: MiningCategory) => t(`mining.category.${c}`) },
    {
      title: t('mining.name'),
      key: 'name',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.name_en}</span>
          {row.name_zh && <Typography.Text type="secondary">{row.name_zh}</Typography.Text>}
          {row.demo && <Tag>{t('mining.demo')}</Tag>}
        </Space>
      ),
    },
    { title: t('mining.coin'), dataIndex: 'currency' },
    { title: t('mining.termDays'), dataIndex: 'term_days', align: 'right' },
    { title: t('mining.yieldRange'), key: 'range', render: (_, row) => `${percent(row.daily_yield_min)} – ${percent(row.daily_yield_max)}` },
    { title: t('mining.amountMin'), dataIndex: 'amount_min', align: 'right' },
    { title: t('mining.amountMax'), dataIndex: 'amount_max', align: 'right', render: (v: string | null) => v ?? t('mining.noLimit') },
    { title: t('mining.penaltyRatio'), dataIndex: 'penalty_ratio', align: 'right', render: percent },
    { title: t('mining.activeOrders'), dataIndex: 'active_orders', align: 'right' },
    { title: t('mining.locked'), dataIndex: 'locked', align: 'right' },
    enabledColumn,
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space>
          <Button aria-label={t('mining.editProduct', { id: row.id })} onClick={() => setEditing(row)}>
            {t('markets.edit')}
          </Button>
          <Button aria-label={t('mining.publishRateFor', { name: row.name_en })} onClick={() => setRateFor(row)}>
            {t('mining.publishRate')}
          </Button>
        </Space>
      ),
    },
  ];
  const rateColumns: TableColumnsType<MiningRateRow> = [
    { title: t('mining.product'), dataIndex: 'product_id', render: productName },
    { title: t('mining.day'), dataIndex: 'day', render: (day: string) => (day > overview.today ? <Tag color="blue">{day}</Tag> : day === overview.today ? <Tag color="gold">{day}</Tag> : day) },
    { title: t('mining.rate'), dataIndex: 'rate', align: 'right', render: percent },
    { title: t('mining.source'), dataIndex: 'source', render: (s: MiningRateRow['source']) => t(`mining.source.${s}`) },
    { title: t('mining.publishedAt'), dataIndex: 'published_at', render: at },
  ];
  const orderColumns: TableColumnsType<MiningOrderRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('mining.user'), dataIndex: 'user_id' },
    { title: t('mining.product'), dataIndex: 'product_id', render: productName },
    { title: t('mining.amount'), key: 'amount', align: 'right', render: (_, row) => `${row.amount} ${row.currency}` },
    { title: t('mining.daysPaid'), key: 'days', align: 'right', render: (_, row) => `${row.days_paid} / ${row.term_days}` },
    { title: t('mining.interestPaid'), dataIndex: 'interest_paid', align: 'right' },
    { title: t('mining.status'), dataIndex: 'status', render: (s: MiningOrderStatus) => <Tag color={s === 'active' ? 'green' : undefined}>{t(`mining.status.${s}`)}</Tag> },
    { title: t('mining.lockedAt'), dataIndex: 'locked_at', render: at },
    { title: t('mining.unlockAt'), dataIndex: 'unlock_at', render: at },
    { title: t('mining.returned'), dataIndex: 'returned', align: 'right', render: (v: string | null) => v ?? '—' },
    { title: t('mining.penalty'), dataIndex: 'penalty', align: 'right', render: (v: string | null) => v ?? '—' },
  ];
  const runColumns: TableColumnsType<MiningRun> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('mining.ranAt'), dataIndex: 'ran_at', render: at },
    { title: t('mining.items'), dataIndex: 'items', align: 'right' },
    { title: t('mining.daysPaid'), key: 'days', align: 'right', render: (_, run) => run.summary.days_paid ?? 0 },
    { title: t('mining.paid'), key: 'paid', render: (_, run) => coinTotals(run.summary.paid, ', ') },
    { title: t('mining.unlocked'), key: 'unlocked', align: 'right', render: (_, run) => run.summary.orders_unlocked ?? 0 },
    { title: t('mining.returnedTotal'), key: 'returned', render: (_, run) => coinTotals(run.summary.returned, ', ') },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('mining.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('mining.timeZone', { zone: overview.time_zone, today: overview.today })}</Typography.Text>
      <Space size="large" wrap>
        {overview.interest_expense.length === 0 ? (
          <Statistic title={t('mining.interestExpense')} value="0" />
        ) : (
          overview.interest_expense.map((b) => <Statistic key={b.currency} title={t('mining.interestExpenseOf', { coin: b.currency })} value={b.balance} />)
        )}
      </Space>
      <Typography.Text type="secondary">{t('mining.interestExpenseHint')}</Typography.Text>

      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('mining.products')}</Typography.Title>
        <Button onClick={() => setEditing(null)}>{t('mining.addProduct')}</Button>
      </Flex>
      <Table<MiningProductRow> rowKey="id" columns={productColumns} dataSource={overview.products} pagination={false} size="small" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('mining.rates')}</Typography.Title>
      <Typography.Text type="secondary">{t('mining.ratesHint')}</Typography.Text>
      <Table<MiningRateRow> rowKey={(r) => `${r.product_id}:${r.day}`} columns={rateColumns} dataSource={overview.rates} size="small" pagination={{ pageSize: 20 }} />

      <Typography.Title level={4}>{t('mining.orders')}</Typography.Title>
      <Space wrap>
        <IdSearch label={t('mining.user')} value={filters.user_id} onSearch={(id) => go({ user_id: id, page: undefined })} style={{ width: 200 }} />
        <Select
          aria-label={t('mining.product')}
          placeholder={t('mining.product')}
          allowClear
          value={filters.product_id}
          onChange={(value?: number) => go({ product_id: value, page: undefined })}
          options={overview.products.map((p) => ({ value: p.id, label: `#${p.id} ${p.name_en}` }))}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('mining.status')}
          placeholder={t('mining.status')}
          allowClear
          value={filters.status}
          onChange={(value?: MiningOrderStatus) => go({ status: value, page: undefined })}
          options={STATUSES.map((value) => ({ value, label: t(`mining.status.${value}`) }))}
          style={{ width: 160 }}
        />
      </Space>
      <PagedTable<MiningOrderRow> columns={orderColumns} page={orders} pageParam="page" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('mining.runs')}</Typography.Title>
      <PagedTable<MiningRun> columns={runColumns} page={runs} pageParam="runs_page" />

      {editing !== undefined && <ProductModal row={editing} coins={overview.coins} onClose={() => setEditing(undefined)} />}
      {rateFor && <RateModal product={rateFor} today={overview.today} onClose={() => setRateFor(null)} />}
    </Flex>
  );
}
