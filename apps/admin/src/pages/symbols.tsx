import { Button, Card, Flex, Form, Input, InputNumber, Result, Select, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminApi, type SourceState, type SymbolCreate, type SymbolKind, type SymbolList, type SymbolRow } from '../api.ts';
import { FormModal } from '../components/form-modal.tsx';
import { useI18n } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { useSave } from '../markets-admin.ts';

/** Every symbol (enabled or not) with its index price, and the coins a spot pair can use; admins only. */
export const symbolsLoader = (): Promise<SymbolList | null> => loadOr(() => adminApi.symbols(), null);

/** Prices and volatility are decimal strings the server checks; never parsed into money here. */
const POSITIVE = /^(?=.*[1-9])\d+(\.\d{1,18})?$/;
/** A minimum order value: 0 or more, as the server's schema takes it (up to 7 digits and 8 decimals). */
const ORDER_VALUE_MIN = /^\d{1,7}(\.\d{1,8})?$/;
const KINDS: SymbolKind[] = ['spot', 'futures', 'stock'];
const QUOTE = 'USDT';
/** A UTC date (yyyy-mm-dd) of epoch milliseconds: the range of a simulated history. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The minimum order value suggested for a new USDT pair, as the seeded pairs have it. */
const ORDER_VALUE_MIN_USDT = '5';

type AddForm = Omit<SymbolCreate, 'symbol'> & { symbol: string };
type EditForm = { sort: number; volatility: string; start_price: string; order_value_min: string };

function EditModal({ row, onClose }: { row: SymbolRow; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<EditForm>();
  const submit = async (values: EditForm) => {
    setBusy(true);
    const done = await save(() =>
      adminApi.editSymbol(row.id, {
        sort: values.sort,
        volatility: values.volatility.trim(),
        ...(row.start_price_locked ? {} : { start_price: values.start_price.trim() }),
        ...(row.kind === 'spot' ? { order_value_min: values.order_value_min.trim() } : {}),
      }),
    );
    setBusy(false);
    if (done) onClose();
  };
  return (
    <FormModal form={form} title={t('symbols.editTitle', { symbol: row.symbol })} okButtonProps={{ loading: busy }} onClose={onClose}>
      <Form<EditForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ sort: row.sort, volatility: String(row.volatility), start_price: row.start_price, order_value_min: row.order_value_min }}
        onFinish={submit}
      >
        <Form.Item name="sort" label={t('symbols.sort')} rules={[{ required: true }]}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="volatility" label={t('symbols.volatility')} extra={t('symbols.volatilityHint')} rules={[{ required: true, pattern: POSITIVE, message: t('markets.numberInvalid') }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="start_price"
          label={t('symbols.startPrice')}
          extra={row.start_price_locked ? t('symbols.startPriceLocked') : undefined}
          rules={[{ required: true, pattern: POSITIVE, message: t('markets.numberInvalid') }]}
        >
          <Input inputMode="decimal" disabled={row.start_price_locked} />
        </Form.Item>
        {row.kind === 'spot' && (
          <Form.Item
            name="order_value_min"
            label={t('symbols.orderValueMin')}
            extra={t('symbols.orderValueMinHint')}
            rules={[{ required: true, pattern: ORDER_VALUE_MIN, message: t('markets.numberInvalid') }]}
          >
            <Input inputMode="decimal" addonAfter={row.quote ?? undefined} />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

function AddSymbol({ coins }: { coins: SymbolList['coins'] }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<AddForm>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form);
  const numberRule = { required: true, pattern: POSITIVE, message: t('markets.numberInvalid') };
  const usdt = coins.find((c) => c.name === QUOTE)?.id;
  const coinOptions = coins.map((c) => ({ value: c.id, label: c.name }));

  const submit = async (values: AddForm) => {
    setBusy(true);
    const input: SymbolCreate = {
      symbol: values.symbol.trim().toUpperCase(),
      kind: values.kind,
      base_currency_id: values.kind === 'spot' ? values.base_currency_id : undefined,
      quote_currency_id: values.kind === 'spot' ? values.quote_currency_id : undefined,
      start_price: values.start_price.trim(),
      volatility: values.volatility.trim(),
      price_decimals: values.price_decimals,
      quantity_decimals: values.quantity_decimals,
      enabled: values.enabled,
      sort: values.sort,
      order_value_min: values.kind === 'spot' ? values.order_value_min?.trim() : undefined,
    };
    const done = await save(() => adminApi.createSymbol(input));
    setBusy(false);
    if (done) form.resetFields();
  };

  return (
    <Card size="small" title={t('symbols.add')}>
      <Form<AddForm>
        form={form}
        layout="inline"
        requiredMark={false}
        initialValues={{ kind: 'spot', quote_currency_id: usdt, price_decimals: 2, quantity_decimals: 4, enabled: true, sort: 0, volatility: '0.6', order_value_min: ORDER_VALUE_MIN_USDT }}
        onFinish={submit}
        onValuesChange={(changed: Partial<AddForm>, values: AddForm) => {
          // A spot symbol is named BASE/QUOTE; picking its coins fills the name in.
          if (!('base_currency_id' in changed) && !('quote_currency_id' in changed)) return;
          const base = coins.find((c) => c.id === values.base_currency_id)?.name;
          const quote = coins.find((c) => c.id === values.quote_currency_id)?.name;
          if (base && quote) form.setFieldValue('symbol', `${base}/${quote}`);
          // The suggested minimum is in USDT; for another quote coin the operator sets one (0 until then).
          if ('quote_currency_id' in changed) form.setFieldValue('order_value_min', quote === QUOTE ? ORDER_VALUE_MIN_USDT : '0');
        }}
      >
        <Flex wrap gap="small" align="flex-start">
          <Form.Item name="kind" label={t('symbols.kind')}>
            <Select aria-label={t('symbols.kind')} style={{ width: 110 }} options={KINDS.map((k) => ({ value: k, label: t(`symbolKind.${k}`) }))} />
          </Form.Item>
          {kind === 'spot' && (
            <Form.Item name="base_currency_id" label={t('symbols.base')} rules={[{ required: true, message: t('symbols.baseRequired') }]}>
              <Select
                aria-label={t('symbols.base')}
                style={{ width: 110 }}
                options={coinOptions}
              />
            </Form.Item>
          )}
          {kind === 'spot' && (
            <Form.Item name="quote_currency_id" label={t('symbols.quote')} rules={[{ required: true, message: t('symbols.baseRequired') }]}>
              <Select aria-label={t('symbols.quote')} style={{ width: 110 }} options={coinOptions} />
            </Form.Item>
          )}
          <Form.Item name="symbol" label={t('symbols.symbol')} rules={[{ required: true, message: t('symbols.symbolRequired') }]}>
            <Input aria-label={t('symbols.symbol')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="start_price" label={t('symbols.startPrice')} rules={[numberRule]}>
            <Input aria-label={t('symbols.startPrice')} inputMode="decimal" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="volatility" label={t('symbols.volatility')} rules={[numberRule]}>
            <Input aria-label={t('symbols.volatility')} inputMode="decimal" style={{ width: 80 }} />
          </Form.Item>
          {kind === 'spot' && (
            <Form.Item name="order_value_min" label={t('symbols.orderValueMin')} tooltip={t('symbols.orderValueMinHint')} rules={[{ required: true, pattern: ORDER_VALUE_MIN, message: t('markets.numberInvalid') }]}>
              <Input aria-label={t('symbols.orderValueMin')} inputMode="decimal" style={{ width: 90 }} />
            </Form.Item>
          )}
          <Form.Item name="price_decimals" label={t('symbols.priceDecimals')}>
            <InputNumber aria-label={t('symbols.priceDecimals')} min={0} max={8} precision={0} />
          </Form.Item>
          <Form.Item name="quantity_decimals" label={t('symbols.quantityDecimals')}>
            <InputNumber aria-label={t('symbols.quantityDecimals')} min={0} max={8} precision={0} />
          </Form.Item>
          <Form.Item name="sort" label={t('symbols.sort')}>
            <InputNumber aria-label={t('symbols.sort')} min={0} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('symbols.enabled')} valuePropName="checked">
            <Switch aria-label={t('symbols.enabled')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('symbols.addSubmit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

const SOURCE_COLOURS: Record<SourceState['status'], string> = { live: 'green', stale: 'default', outlier: 'red' };

/** Each public source's state for the symbol's coin: live (used), stale (or never answered) or an outlier dropped, with its last price. */
function SourceStates({ quotes }: { quotes: SourceState[] }) {
  const { t } = useI18n();
  return (
    <Flex gap={4} wrap justify="end">
      {quotes.map((q) => (
        <Tag key={q.source} color={SOURCE_COLOURS[q.status]}>
          {q.source}: {t(`symbols.sourceStatus.${q.status}`, { price: q.price ?? '—' })}
        </Tag>
      ))}
    </Flex>
  );
}

/** Where prices come from: the simulation, or each public source with the host it is asked at (custom when not the exchange's own). */
function FeedCard({ feed }: { feed: SymbolList['feed'] }) {
  const { t } = useI18n();
  return (
    <Card size="small" title={t('symbols.feedTitle')}>
      <Flex vertical gap="small">
        <Typography.Text>{t(feed.kind === 'simulation' ? 'symbols.feedSimulation' : 'symbols.feedPublic')}</Typography.Text>
        {feed.sources.length > 0 && (
          <Table
            rowKey="source"
            size="small"
            pagination={false}
            dataSource={feed.sources}
            columns={[
              { title: t('symbols.sourceName'), dataIndex: 'source' },
              {
                title: t('symbols.sourceHost'),
                key: 'host',
                render: (_, source) => (
                  <Flex gap={4} align="center">
                    <Typography.Text code>{source.url}</Typography.Text>
                    {source.custom && (
                      <Tooltip title={t('symbols.sourceCustomHint')}>
                        <Tag color="red">{t('symbols.sourceCustom')}</Tag>
                      </Tooltip>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}

export function SymbolsPage() {
  const data = useLoaderData<typeof symbolsLoader>();
  const { t } = useI18n();
  const save = useSave();
  const [saving, setSaving] = useState<number | null>(null);
  const [editing, setEditing] = useState<SymbolRow | null>(null);
  if (!data) return <Result status="warning" title={t('markets.notLoaded')} />;

  const toggle = async (row: SymbolRow, enabled: boolean) => {
    setSaving(row.id);
    await save(() => adminApi.editSymbol(row.id, { enabled }));
    setSaving(null);
  };

  const columns: TableColumnsType<SymbolRow> = [
    {
      title: t('symbols.symbol'),
      key: 'symbol',
      render: (_, row) => (
        <Flex vertical gap={2} align="start">
          {row.symbol}
          {row.simulated_history && (
            <Tooltip title={t('symbols.simulatedHistoryHint', { to: day(row.simulated_history.to) })}>
              <Tag color="purple">{t('symbols.simulatedHistory', { from: day(row.simulated_history.from), to: day(row.simulated_history.to) })}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    { title: t('symbols.kind'), dataIndex: 'kind', render: (kind: SymbolKind) => <Tag>{t(`symbolKind.${kind}`)}</Tag> },
    { title: t('symbols.pair'), key: 'pair', render: (_, row) => (row.base ? `${row.base} / ${row.quote}` : row.quote) },
    {
      title: t('symbols.price'),
      key: 'price',
      align: 'right',
      render: (_, row) => (
        <Flex vertical gap={2} align="end">
          {row.index_status.available ? (
            <Tooltip title={t('symbols.indexSources', { sources: row.index_status.sources.join(', ') })}>{row.price ?? '—'}</Tooltip>
          ) : (
            <Typography.Text type="warning">
              {t(`symbols.indexUnavailable.${row.index_status.reason}`, { live: row.index_status.sources.length, required: row.index_status.required })}
            </Typography.Text>
          )}
          {row.index_status.quotes && row.index_status.quotes.length > 0 && <SourceStates quotes={row.index_status.quotes} />}
        </Flex>
      ),
    },
    { title: t('symbols.startPrice'), dataIndex: 'start_price', align: 'right' },
    { title: t('symbols.volatility'), dataIndex: 'volatility', align: 'right' },
    { title: t('symbols.decimals'), key: 'decimals', render: (_, row) => `${row.price_decimals} / ${row.quantity_decimals}` },
    { title: t('symbols.orderValueMin'), key: 'order_value_min', align: 'right', render: (_, row) => (row.kind === 'spot' ? `${row.order_value_min} ${row.quote ?? ''}` : '—') },
    { title: t('symbols.sort'), dataIndex: 'sort', align: 'right' },
    {
      title: t('symbols.enabled'),
      key: 'enabled',
      render: (_, row) => (
        <Switch aria-label={t('symbols.enableSymbol', { symbol: row.symbol })} checked={row.enabled} loading={saving === row.id} onChange={(checked) => toggle(row, checked)} />
      ),
    },
    {
      title: t('markets.actions'),
      key: 'edit',
      render: (_, row) => (
        <Button aria-label={t('symbols.editTitle', { symbol: row.symbol })} onClick={() => setEditing(row)}>
          {t('markets.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('symbols.title')}</Typography.Title>
      <FeedCard feed={data.feed} />
      <AddSymbol coins={data.coins} />
      <Table<SymbolRow> rowKey="id" columns={columns} dataSource={data.symbols} pagination={false} size="small" scroll={{ x: 'max-content' }} />
      {editing && <EditModal row={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
