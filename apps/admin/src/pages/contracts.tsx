import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, Result, Statistic, Switch, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type ContractExposure, type ContractSettings, type LiquidationRow, type OvernightRun } from '../api.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { useI18n } from '../i18n.tsx';
import { loadOr, pageQueryOf } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { useOperator } from '../use-operator.ts';

/** How many overnight-fee runs (one per day) the page lists. */
const OVERNIGHT_DAYS_SHOWN = 30;

/**
 * Futures and stock symbols: their contract settings (admins edit them, each edit logged), the insurance
 * fund and margins held, open positions and exposure per symbol at the mark, liquidations (paged by
 * ?page=) and the overnight-fee runs. Nothing here sets a price or an outcome.
 */
export async function contractsLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  const [settings, funds, exposure, liquidations, overnight, symbols] = await Promise.all([
    loadOr(() => adminApi.contractSettings(), null),
    loadOr(() => adminApi.contractFunds(), []),
    loadOr(() => adminApi.contractExposure(), []),
    loadOr(() => adminApi.contractLiquidations(query), { data: [], total: 0, page: query.page, limit: query.limit }),
    loadOr(() => adminApi.contractOvernight({ page: 1, limit: OVERNIGHT_DAYS_SHOWN }), { data: [], total: 0, page: 1, limit: OVERNIGHT_DAYS_SHOWN }),
    loadOr(() => adminApi.symbols(), null),
  ]);
  return { settings, funds, exposure, liquidations, overnight, coins: symbols?.coins ?? [] };
}

/** Decimal strings the server checks; never parsed into money here. */
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const POSITIVE = /^(?=.*[1-9])\d{1,20}(\.\d{1,18})?$/;
const MULTIPLES = /^\s*\d{1,4}(\s*,\s*\d{1,4})*\s*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

type SettingsForm = {
  contract_size: string;
  multiples: string;
  lots_min: number;
  lots_max: number;
  fee_rate: string;
  overnight_rate: string;
  spread: string;
  maintenance_threshold: string;
  enabled: boolean;
  session_open: string;
  session_close: string;
  session_weekdays: number[];
  time_zone: string;
};

type NoticedField = ContractSettings['scheduled_changes'][number]['field'];
/** The value a field is going to: its scheduled change, or the value in force. */
const scheduledValue = (row: ContractSettings, field: NoticedField) => row.scheduled_changes.find((c) => c.field === field)?.value ?? row[field];
const FIELD_LABEL = { maintenance_threshold: 'contracts.threshold', overnight_rate: 'contracts.overnightRate', spread: 'contracts.spread' } as const;

function SettingsModal({ row, onClose }: { row: ContractSettings; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<SettingsForm>();
  const [busy, setBusy] = useState(false);
  const stock = row.kind === 'stock';
  const decimal = [{ required: true, pattern: DECIMAL, message: t('markets.numberInvalid') }];
  const submit = async (values: SettingsForm) => {
    setBusy(true);
    const done = await save(() =>
      adminApi.editContractSettings({
        symbol_id: row.symbol_id,
        contract_size: values.contract_size.trim(),
        multiples: values.multiples.split(',').map((m) => Number(m.trim())),
        lots_min: values.lots_min,
        lots_max: values.lots_max,
        fee_rate: values.fee_rate.trim(),
        overnight_rate: values.overnight_rate.trim(),
        spread: values.spread.trim(),
        maintenance_threshold: values.maintenance_threshold.trim(),
        session: stock ? { open: values.session_open, close: values.session_close, weekdays: values.session_weekdays, time_zone: values.time_zone.trim() } : null,
        enabled: values.enabled,
      }),
    );
    setBusy(false);
    if (done) onClose();
  };
  return (
    <FormModal form={form} title={t('contracts.editTitle', { symbol: row.symbol })} okButtonProps={{ loading: busy }} onClose={onClose}>
      <Form<SettingsForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          contract_size: row.contract_size,
          multiples: row.multiples.join(', '),
          lots_min: row.lots_min,
          lots_max: row.lots_max,
          fee_rate: row.fee_rate,
          // A scheduled change shows as the value asked for: saving the form again keeps it and its time.
          overnight_rate: scheduledValue(row, 'overnight_rate'),
          spread: scheduledValue(row, 'spread'),
          maintenance_threshold: scheduledValue(row, 'maintenance_threshold'),
          enabled: row.enabled,
          session_open: row.session?.open ?? '09:30',
          session_close: row.session?.close ?? '16:00',
          session_weekdays: row.session?.weekdays ?? [1, 2, 3, 4, 5],
          time_zone: row.session?.time_zone ?? 'America/New_York',
        }}
        onFinish={submit}
      >
        <Typography.Paragraph type="secondary">{t('contracts.noticeHint')}</Typography.Paragraph>
        <Flex gap="small" wrap>
          <Form.Item name="contract_size" label={t('contracts.contractSize')} extra={t('contracts.contractSizeHint')} rules={[{ required: true, pattern: POSITIVE, message: t('markets.numberInvalid') }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="multiples" label={t('contracts.multiples')} extra={t('contracts.multiplesHint')} rules={[{ required: true, pattern: MULTIPLES, message: t('contracts.multiplesInvalid') }]}>
            <Input />
          </Form.Item>
        </Flex>
        <Flex gap="small" wrap>
          <Form.Item name="lots_min" label={t('contracts.lotsMin')} rules={[{ required: true }]}>
            <InputNumber min={1} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="lots_max" label={t('contracts.lotsMax')} rules={[{ required: true }]}>
            <InputNumber min={1} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="maintenance_threshold" label={t('contracts.threshold')} extra={t('contracts.thresholdHint')} rules={decimal}>
            <Input inputMode="decimal" addonAfter="%" />
          </Form.Item>
        </Flex>
        <Flex gap="small" wrap>
          <Form.Item name="fee_rate" label={t('contracts.feeRate')} rules={decimal}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="overnight_rate" label={t('contracts.overnightRate')} rules={decimal}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="spread" label={t('contracts.spread')} extra={t('contracts.spreadHint')} rules={decimal}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Flex>
        {stock && (
          <Card size="small" title={t('contracts.session')}>
            <Flex gap="small" wrap>
              <Form.Item name="session_open" label={t('contracts.sessionOpen')} rules={[{ required: true, pattern: TIME, message: t('contracts.timeInvalid') }]}>
                <Input placeholder="09:30" />
              </Form.Item>
              <Form.Item name="session_close" label={t('contracts.sessionClose')} rules={[{ required: true, pattern: TIME, message: t('contracts.timeInvalid') }]}>
                <Input placeholder="16:00" />
              </Form.Item>
              <Form.Item name="time_zone" label={t('contracts.timeZone')} rules={[{ required: true }]}>
                <Input placeholder="America/New_York" />
              </Form.Item>
            </Flex>
            <Form.Item name="session_weekdays" label={t('contracts.weekdays')} rules={[{ required: true, type: 'array', min: 1 }]}>
              <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: t(`contracts.weekday${day}`) }))} />
            </Form.Item>
          </Card>
        )}
        <Form.Item name="enabled" label={t('symbols.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

const sideTag = (side: 'long' | 'short', label: string) => <Tag color={side === 'long' ? 'green' : 'red'}>{label}</Tag>;
const signed = (value: string | null) =>
  value === null ? '—' : <Typography.Text type={value.startsWith('-') ? 'danger' : value === '0' ? undefined : 'success'}>{value}</Typography.Text>;

export function ContractsPage() {
  const data = useLoaderData<typeof contractsLoader>();
  const { t } = useI18n();
  const [editing, setEditing] = useState<ContractSettings | null>(null);
  // Every role reads; only admins edit the settings (the server refuses the others).
  const isAdmin = useOperator()?.role === 'admin';
  if (!data.settings) return <Result status="warning" title={t('markets.notLoaded')} />;
  const coin = (id: number) => data.coins.find((c) => c.id === id)?.name ?? String(id);

  const settingsColumns: TableColumnsType<ContractSettings> = [
    { title: t('symbols.symbol'), dataIndex: 'symbol' },
    { title: t('symbols.kind'), dataIndex: 'kind', render: (kind: 'futures' | 'stock') => <Tag>{t(`symbolKind.${kind}`)}</Tag> },
    { title: t('contracts.contractSize'), dataIndex: 'contract_size', align: 'right' },
    { title: t('contracts.multiples'), dataIndex: 'multiples', render: (m: number[]) => m.map((x) => `${x}x`).join(' ') },
    { title: t('contracts.lots'), key: 'lots', render: (_, row) => `${row.lots_min} – ${row.lots_max}` },
    { title: t('contracts.feeRate'), dataIndex: 'fee_rate', align: 'right' },
    { title: t('contracts.overnightRate'), dataIndex: 'overnight_rate', align: 'right' },
    { title: t('contracts.spread'), dataIndex: 'spread', align: 'right' },
    { title: t('contracts.threshold'), dataIndex: 'maintenance_threshold', align: 'right', render: (v: string) => `${v} %` },
    {
      title: t('contracts.scheduled'),
      key: 'scheduled',
      render: (_, row) =>
        row.scheduled_changes.length === 0
          ? '—'
          : row.scheduled_changes.map((c) => (
              <div key={c.field}>{t('contracts.scheduledChange', { setting: t(FIELD_LABEL[c.field]), value: c.value, at: new Date(c.effective_at).toLocaleString() })}</div>
            )),
    },
    {
      title: t('contracts.session'),
      key: 'session',
      render: (_, row) => (row.session ? `${row.session.open} – ${row.session.close} ${row.session.time_zone}` : t('contracts.alwaysOpen')),
    },
    { title: t('symbols.enabled'), dataIndex: 'enabled', render: (on: boolean) => (on ? t('common.yes') : t('common.no')) },
    {
      title: '',
      key: 'edit',
      render: (_, row) =>
        isAdmin && (
          <Button size="small" aria-label={t('contracts.editTitle', { symbol: row.symbol })} onClick={() => setEditing(row)}>
            {t('contracts.edit')}
          </Button>
        ),
    },
  ];

  const exposureColumns: TableColumnsType<ContractExposure> = [
    { title: t('symbols.symbol'), dataIndex: 'symbol' },
    { title: t('contracts.markPrice'), dataIndex: 'mark_price', align: 'right', render: (v: string | null) => v ?? '—' },
    { title: t('contracts.openPositions'), dataIndex: 'positions', align: 'right' },
    { title: t('contracts.longLots'), dataIndex: 'long_lots', align: 'right' },
    { title: t('contracts.shortLots'), dataIndex: 'short_lots', align: 'right' },
    { title: t('contracts.margin'), dataIndex: 'margin', align: 'right' },
    { title: t('contracts.usersProfit'), dataIndex: 'profit', align: 'right', render: signed },
  ];

  const liquidationColumns: TableColumnsType<LiquidationRow> = [
    { title: t('contracts.closedAt'), dataIndex: 'closed_at', render: (v: string) => new Date(v).toLocaleString() },
    { title: t('contracts.user'), key: 'user', render: (_, row) => `${row.account} (#${row.user_id})` },
    { title: t('symbols.symbol'), dataIndex: 'symbol' },
    { title: t('contracts.side'), dataIndex: 'side', render: (side: 'long' | 'short') => sideTag(side, t(`contracts.${side}`)) },
    { title: t('contracts.lots'), key: 'lots', align: 'right', render: (_, row) => `${row.lots} × ${row.multiple}x` },
    { title: t('contracts.openPrice'), dataIndex: 'open_price', align: 'right' },
    { title: t('contracts.closePrice'), dataIndex: 'close_price', align: 'right' },
    { title: t('contracts.margin'), dataIndex: 'margin', align: 'right' },
    { title: t('contracts.profit'), dataIndex: 'profit', align: 'right', render: signed },
    { title: t('contracts.tick'), dataIndex: 'close_tick_id', render: (v: string | null) => v ?? '—' },
  ];

  const overnightColumns: TableColumnsType<OvernightRun> = [
    { title: t('contracts.day'), dataIndex: 'day' },
    { title: t('contracts.positionsCharged'), dataIndex: 'positions', align: 'right' },
    { title: t('contracts.amount'), dataIndex: 'amount', align: 'right' },
    { title: t('contracts.fromMargin'), dataIndex: 'from_margin', align: 'right' },
    { title: t('contracts.fromAvailable'), dataIndex: 'from_available', align: 'right' },
    { title: t('contracts.chargedAt'), dataIndex: 'charged_at', render: (v: string) => new Date(v).toLocaleString() },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('contracts.title')}</Typography.Title>
      <Flex gap="middle" wrap>
        {data.funds.map((fund) => (
          <Card key={fund.currency_id} size="small">
            <Flex gap="large">
              <Statistic title={t('contracts.insuranceFund', { coin: coin(fund.currency_id) })} value={fund.insurance_fund} />
              <Statistic title={t('contracts.marginsHeld', { coin: coin(fund.currency_id) })} value={fund.margins_held} />
            </Flex>
          </Card>
        ))}
      </Flex>
      <Tabs
        items={[
          {
            key: 'settings',
            label: t('contracts.settings'),
            children: <Table<ContractSettings> rowKey="symbol_id" size="small" columns={settingsColumns} dataSource={data.settings} pagination={false} scroll={{ x: true }} />,
          },
          {
            key: 'exposure',
            label: t('contracts.exposure'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('contracts.exposureHint')}</Typography.Paragraph>
                <Table<ContractExposure> rowKey="symbol_id" size="small" columns={exposureColumns} dataSource={data.exposure} pagination={false} />
              </>
            ),
          },
          {
            key: 'liquidations',
            label: t('contracts.liquidations'),
            children: (
              <PagedTable<LiquidationRow> columns={liquidationColumns} page={data.liquidations} pageParam="page" locale={{ emptyText: t('contracts.noLiquidations') }} />
            ),
          },
          {
            key: 'overnight',
            label: t('contracts.overnight'),
            children: (
              <Table<OvernightRun>
                rowKey="day"
                size="small"
                columns={overnightColumns}
                dataSource={data.overnight.data}
                locale={{ emptyText: t('contracts.noOvernight') }}
                pagination={false}
              />
            ),
          },
        ]}
      />
      {editing && <SettingsModal row={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
