import { Alert, Button, Flex, Form, Input, InputNumber, Popconfirm, Select, Statistic, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { money, toAmountString } from '@fairex/contract/money';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { investApi, type DualOrderRow, type DualOverview, type DualProductRow, type DualProductSave, type DualRun, type DualSymbol } from '../api-invest.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { coinTotals, IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { localOfIso, useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';
import { useDecision } from '../review-queue.ts';
import { useOperator } from '../use-operator.ts';

/**
 * Dual investment: the invest pool per coin, the products (linked price, APR, shares, maturity and the
 * 16:00 settlement, status, the tick each settled on), created and edited by admins (any figure before
 * the first purchase, then only the sale end and the switch; the server refuses the rest and logs each
 * write) and cancelled while on sale (every purchase refunded); the orders, read-only; and what each run
 * of the settlement job paid, and when. Nothing here sets a settlement price or a result.
 * The URL keeps the state: ?page= (products), ?orders_page=&product_id=&user_id= (orders), ?runs_page=.
 */
export async function investLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const productQuery = pageQueryOf(request);
  const orderQuery = { ...listQueryOf(params, 'orders_page'), product_id: positiveIntParam(params, 'product_id'), user_id: positiveIntParam(params, 'user_id') };
  const runQuery = listQueryOf(params, 'runs_page');
  const [overview, products, orders, runs] = await Promise.all([
    loadOr<DualOverview>(() => investApi.overview(), { time_zone: 'UTC', settle_time: '16:00', now: Date.now(), symbols: [], pool: [] }),
    loadOr(() => investApi.products(productQuery), emptyPage<DualProductRow>(productQuery)),
    loadOr(() => investApi.orders(orderQuery), emptyPage<DualOrderRow>(orderQuery)),
    loadOr(() => investApi.runs(runQuery), emptyPage<DualRun>(runQuery)),
  ]);
  return { overview, products, orders, orderQuery, runs };
}

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
/** An APR fraction as a percentage, exactly: "0.365" -> "36.5%". */
const percent = (apr: string) => `${toAmountString(money(apr).times(100))}%`;
const RATE = /^\d{1,4}(\.\d{1,10})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type ProductForm = Omit<DualProductSave, 'id' | 'sale_end_at'> & { sale_end_at: string };

function ProductModal({ row, symbols, onClose }: { row: DualProductRow | null; symbols: DualSymbol[]; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<ProductForm>();
  // Once shares are sold the figures are fixed (the server refuses a change: invest_product_locked).
  const locked = (row?.sold_shares ?? 0) > 0;
  const initial: Partial<ProductForm> = row
    ? { ...row, sale_end_at: localOfIso(new Date(row.sale_end_at).toISOString()) }
    : { type: 'call', symbol_id: symbols[0]?.id, total_shares: 100, enabled: true };
  const submit = async (values: ProductForm) => {
    const input: DualProductSave = {
      ...values,
      id: row?.id,
      linked_price: values.linked_price.trim(),
      apr: values.apr.trim(),
      per_price: values.per_price.trim(),
      maturity_date: values.maturity_date.trim(),
      sale_end_at: new Date(values.sale_end_at).getTime(),
    };
    if (await save(() => investApi.saveProduct(input))) onClose();
  };
  const amountRule = { required: true, pattern: AMOUNT, message: t('markets.numberInvalid') };
  return (
    <FormModal form={form} title={row ? t('invest.editTitle', { id: row.id }) : t('invest.addTitle')} onClose={onClose}>
      {locked && <Alert type="info" showIcon title={t('invest.lockedHint')} style={{ marginBottom: 16 }} />}
      <Form<ProductForm> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <Flex gap="small">
          <Form.Item name="type" label={t('invest.type')} style={{ flex: 1 }}>
            <Select
              aria-label={t('invest.type')}
              disabled={locked}
              options={[
                { value: 'call', label: t('invest.call') },
                { value: 'put', label: t('invest.put') },
              ]}
            />
          </Form.Item>
          <Form.Item name="symbol_id" label={t('invest.symbol')} rules={[{ required: true, message: t('invest.required') }]} style={{ flex: 1 }}>
            <Select aria-label={t('invest.symbol')} disabled={locked} options={symbols.map((s) => ({ value: s.id, label: s.symbol }))} />
          </Form.Item>
        </Flex>
        <Flex gap="small">
          <Form.Item name="linked_price" label={t('invest.linkedPrice')} rules={[amountRule]} style={{ flex: 1 }}>
            <Input aria-label={t('invest.linkedPrice')} inputMode="decimal" disabled={locked} />
          </Form.Item>
          <Form.Item name="apr" label={t('invest.apr')} extra={t('invest.aprHint')} rules={[{ required: true, pattern: RATE, message: t('markets.numberInvalid') }]} style={{ flex: 1 }}>
            <Input aria-label={t('invest.apr')} inputMode="decimal" disabled={locked} />
          </Form.Item>
        </Flex>
        <Flex gap="small">
          <Form.Item name="per_price" label={t('invest.perPrice')} rules={[amountRule]} style={{ flex: 1 }}>
            <Input aria-label={t('invest.perPrice')} inputMode="decimal" disabled={locked} />
          </Form.Item>
          <Form.Item name="total_shares" label={t('invest.totalShares')} rules={[{ required: true, message: t('invest.required') }]} style={{ flex: 1 }}>
            <InputNumber aria-label={t('invest.totalShares')} min={1} max={100_000_000} precision={0} disabled={locked} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap="small">
          <Form.Item name="maturity_date" label={t('invest.maturity')} rules={[{ required: true, pattern: DAY, message: t('invest.maturityInvalid') }]} style={{ flex: 1 }}>
            <Input aria-label={t('invest.maturity')} type="date" disabled={locked} />
          </Form.Item>
          <Form.Item name="sale_end_at" label={t('invest.saleEnd')} rules={[{ required: true, message: t('invest.required') }]} style={{ flex: 1 }}>
            <Input aria-label={t('invest.saleEnd')} type="datetime-local" />
          </Form.Item>
        </Flex>
        <Form.Item name="enabled" label={t('invest.enabled')} valuePropName="checked">
          <Switch aria-label={t('invest.enabled')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function InvestPage() {
  const { overview, products, orders, orderQuery, runs } = useLoaderData<typeof investLoader>();
  const { t } = useI18n();
  const time = useInstantText();
  const go = useUrlChange();
  const decide = useDecision();
  const operator = useOperator();
  const isAdmin = operator?.role === 'admin';
  const [editing, setEditing] = useState<DualProductRow | null | undefined>(undefined);
  const tick = (value: { id: string; price: string; time: number } | null) => (value ? `${value.price} (#${value.id}, ${time(value.time)})` : '—');
  const typeTag = (type: 'call' | 'put') => <Tag color={type === 'call' ? 'gold' : 'blue'}>{t(type === 'call' ? 'invest.call' : 'invest.put')}</Tag>;

  const productColumns: TableColumnsType<DualProductRow> = [
    { title: 'ID', dataIndex: 'id' },
    {
      title: t('invest.type'),
      dataIndex: 'type',
      render: (type: DualProductRow['type'], row) => (
        <Flex gap={4} wrap>
          {typeTag(type)}
          {row.demo && <Tag>{t('invest.demo')}</Tag>}
          {!row.enabled && <Tag>{t('markets.off')}</Tag>}
        </Flex>
      ),
    },
    { title: t('invest.symbol'), dataIndex: 'symbol' },
    { title: t('invest.linkedPrice'), key: 'linked', align: 'right', render: (_, row) => `${row.linked_price} ${row.quote_currency}` },
    { title: t('invest.apr'), dataIndex: 'apr', align: 'right', render: percent },
    { title: t('invest.perPrice'), key: 'per', align: 'right', render: (_, row) => `${row.per_price} ${row.invest_currency}` },
    { title: t('invest.shares'), key: 'shares', align: 'right', render: (_, row) => `${row.sold_shares} / ${row.total_shares}` },
    { title: t('invest.maturity'), dataIndex: 'maturity_date' },
    { title: t('invest.settleAt'), dataIndex: 'settle_at', render: time },
    { title: t('invest.saleEnd'), dataIndex: 'sale_end_at', render: time },
    {
      title: t('invest.status'),
      dataIndex: 'status',
      render: (status: DualProductRow['status'], row) => (
        <Flex gap={4} wrap>
          <Tag color={status === 'settled' ? 'green' : status === 'cancelled' ? 'red' : 'default'}>{t(`invest.status.${status}`)}</Tag>
          {row.on_sale && <Tag color="gold">{t('invest.onSale')}</Tag>}
        </Flex>
      ),
    },
    { title: t('invest.settleTick'), key: 'tick', render: (_, row) => tick(row.settle_tick) },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) =>
        isAdmin &&
        row.status === 'open' && (
          <Flex gap="small">
            <Button size="small" aria-label={t('invest.edit', { id: row.id })} onClick={() => setEditing(row)}>
              {t('markets.edit')}
            </Button>
            {overview.now < row.sale_end_at && (
              <Popconfirm
                title={t('invest.cancelConfirm', { id: row.id })}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => void decide(() => investApi.cancelProduct(row.id), t('invest.cancelled'))}
              >
                <Button size="small" danger>
                  {t('invest.cancel')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ),
    },
  ];
  const orderColumns: TableColumnsType<DualOrderRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('invest.user'), dataIndex: 'user_id' },
    { title: t('invest.product'), dataIndex: 'product_id' },
    { title: t('invest.type'), dataIndex: 'type', render: typeTag },
    { title: t('invest.symbol'), dataIndex: 'symbol' },
    { title: t('invest.num'), dataIndex: 'num', align: 'right' },
    { title: t('invest.amount'), key: 'amount', align: 'right', render: (_, row) => `${row.amount} ${row.invest_currency}` },
    { title: t('invest.purchasedAt'), dataIndex: 'purchased_at', render: time },
    { title: t('invest.status'), dataIndex: 'status', render: (status: DualOrderRow['status']) => t(`invest.orderStatus.${status}`) },
    { title: t('invest.settleTick'), key: 'tick', render: (_, row) => tick(row.settle_tick) },
    { title: t('invest.payout'), key: 'payout', align: 'right', render: (_, row) => (row.payout === null ? '—' : `${row.payout} ${row.payout_currency}`) },
  ];
  const runColumns: TableColumnsType<DualRun> = [
    { title: t('invest.ranAt'), dataIndex: 'ran_at', render: time },
    { title: t('invest.items'), dataIndex: 'items', align: 'right' },
    { title: t('invest.runOrders'), key: 'orders', align: 'right', render: (_, run) => run.summary.orders ?? '—' },
    { title: t('invest.runPaid'), key: 'paid', render: (_, run) => coinTotals(run.summary.paid) },
    {
      title: t('invest.runProducts'),
      key: 'products',
      render: (_, run) => (run.summary.products ?? []).map((p) => `#${p.productId} (#${p.tickId}, ${p.price})`).join(' · ') || '—',
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('invest.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('invest.intro', { time: overview.settle_time, zone: overview.time_zone })}</Typography.Text>
      <Flex gap="large" wrap>
        {overview.pool.map((p) => (
          <Statistic key={p.currency} title={t('invest.pool', { coin: p.currency })} value={p.balance} />
        ))}
      </Flex>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('invest.products')}</Typography.Title>
        {isAdmin && <Button onClick={() => setEditing(null)}>{t('invest.add')}</Button>}
      </Flex>
      <PagedTable<DualProductRow> columns={productColumns} page={products} pageParam="page" scroll={{ x: true }} />
      <Typography.Title level={4}>{t('invest.orders')}</Typography.Title>
      <Flex gap="small">
        <IdSearch label={t('invest.user')} value={orderQuery.user_id} onSearch={(id) => go({ user_id: id, orders_page: undefined })} style={{ maxWidth: 200 }} />
        <IdSearch label={t('invest.product')} value={orderQuery.product_id} onSearch={(id) => go({ product_id: id, orders_page: undefined })} style={{ maxWidth: 200 }} />
      </Flex>
      <PagedTable<DualOrderRow> columns={orderColumns} page={orders} pageParam="orders_page" scroll={{ x: true }} />
      <Typography.Title level={4}>{t('invest.runs')}</Typography.Title>
      <PagedTable<DualRun> columns={runColumns} page={runs} pageParam="runs_page" />
      {editing !== undefined && <ProductModal row={editing} symbols={overview.symbols} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
