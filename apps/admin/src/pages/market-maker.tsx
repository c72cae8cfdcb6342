import { Button, Card, Descriptions, Flex, Form, Input, InputNumber, Result, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminApi, type MarketMakerSettings, type MarketMakerView, type SpotDemoTrading } from '../api.ts';
import { useI18n, type MessageKey } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { useSave } from '../markets-admin.ts';

type MarketMakerPageData = { maker: MarketMakerView | null; demo: SpotDemoTrading | null };

/** The market maker's live settings and its ledger balances (read-only), and the demo spot traders' switch; admins only. */
export const marketMakerLoader = async (): Promise<MarketMakerPageData> => {
  const [maker, demo] = await Promise.all([loadOr(() => adminApi.marketMaker(), null), loadOr(() => adminApi.spotDemoTrading(), null)]);
  return { maker, demo };
};

/** Development starts seed demo spot traders that trade against the books; this switches them off or on. */
function DemoTradingCard({ demo }: { demo: SpotDemoTrading }) {
  const { t } = useI18n();
  const save = useSave();
  const [enabled, setEnabled] = useState(demo.enabled);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    await save(async () => setEnabled((await adminApi.editSpotDemoTrading(next)).enabled));
    setBusy(false);
  };
  return (
    <Card size="small" title={t('mm.demoTrading')}>
      <Typography.Paragraph type="secondary">{t('mm.demoTradingHint', { count: demo.traders })}</Typography.Paragraph>
      <Flex gap="small" align="center">
        <Switch aria-label={t('mm.demoTradingSwitch')} checked={enabled} loading={busy} onChange={(next) => void change(next)} />
        <span>{t('mm.demoTradingSwitch')}</span>
      </Flex>
    </Card>
  );
}

/** The server's safe bounds (MARKET_MAKER_BOUNDS in the contract), checked again by the server. */
const BOUNDS: { name: Exclude<keyof MarketMakerSettings, 'level_value' | 'inventory_min_value' | 'inventory_max_value'>; label: MessageKey; min: number; max: number }[] = [
  { name: 'levels', label: 'mm.levels', min: 1, max: 50 },
  { name: 'spread_bps', label: 'mm.spreadBps', min: 1, max: 1000 },
  { name: 'step_bps', label: 'mm.stepBps', min: 1, max: 1000 },
  { name: 'requote_bps', label: 'mm.requoteBps', min: 0, max: 1000 },
];
const LEVEL_VALUE = /^(?=.*[1-9])\d+(\.\d{1,6})?$/;
const INVENTORY_VALUE = /^\d{1,12}(\.\d{1,6})?$/;
const INVENTORY_FIELDS: { name: 'inventory_min_value' | 'inventory_max_value'; label: MessageKey }[] = [
  { name: 'inventory_min_value', label: 'mm.inventoryMin' },
  { name: 'inventory_max_value', label: 'mm.inventoryMax' },
];

type Balance = MarketMakerView['account']['balances'][number];

export function MarketMakerPage() {
  const { maker: view, demo } = useLoaderData<typeof marketMakerLoader>();
  const { t } = useI18n();
  const save = useSave();
  const [busy, setBusy] = useState(false);
  if (!view?.settings) return <Result status="warning" title={t('markets.notLoaded')} />;

  const submit = async (values: MarketMakerSettings) => {
    setBusy(true);
    await save(() =>
      adminApi.editMarketMaker({
        ...values,
        level_value: values.level_value.trim(),
        inventory_min_value: values.inventory_min_value.trim(),
        inventory_max_value: values.inventory_max_value.trim(),
      }),
    );
    setBusy(false);
  };

  const columns: TableColumnsType<Balance> = [
    { title: t('mm.currency'), dataIndex: 'currency' },
    { title: t('mm.available'), dataIndex: 'available', align: 'right' },
    { title: t('mm.frozen'), dataIndex: 'frozen', align: 'right' },
    { title: t('mm.balance'), dataIndex: 'balance', align: 'right' },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('mm.title')}</Typography.Title>
      <Card size="small" title={t('mm.settings')}>
        <Typography.Paragraph type="secondary">{t('mm.hint')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('mm.inventoryHint')}</Typography.Paragraph>
        <Form<MarketMakerSettings> layout="inline" requiredMark={false} initialValues={view.settings} onFinish={submit}>
          <Flex wrap gap="small" align="flex-start">
            {BOUNDS.map((b) => (
              <Form.Item key={b.name} name={b.name} label={t(b.label)} rules={[{ required: true, type: 'integer', min: b.min, max: b.max, message: t('mm.between', { min: b.min, max: b.max }) }]}>
                <InputNumber aria-label={t(b.label)} min={b.min} max={b.max} precision={0} />
              </Form.Item>
            ))}
            <Form.Item name="level_value" label={t('mm.levelValue')} rules={[{ required: true, pattern: LEVEL_VALUE, message: t('mm.levelValueInvalid') }]}>
              <Input aria-label={t('mm.levelValue')} inputMode="decimal" style={{ width: 120 }} />
            </Form.Item>
            {INVENTORY_FIELDS.map((f) => (
              <Form.Item key={f.name} name={f.name} label={t(f.label)} rules={[{ required: true, pattern: INVENTORY_VALUE, message: t('mm.inventoryInvalid') }]}>
                <Input aria-label={t(f.label)} inputMode="decimal" style={{ width: 160 }} />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('markets.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
      <Card size="small" title={t('mm.account')}>
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('mm.accountName')}>
            {view.account.user_id === null ? view.account.account : <Link to={`/users/${view.account.user_id}`}>{view.account.account}</Link>}
          </Descriptions.Item>
          <Descriptions.Item label={t('mm.userId')}>{view.account.user_id ?? '—'}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary">{t('mm.balancesHint')}</Typography.Paragraph>
        <Table<Balance> rowKey="currency_id" columns={columns} dataSource={view.account.balances} pagination={false} size="small" />
      </Card>
      {demo && demo.traders > 0 && <DemoTradingCard demo={demo} />}
    </Flex>
  );
}
