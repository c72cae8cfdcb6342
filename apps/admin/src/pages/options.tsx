import { Button, Flex, Form, Input, InputNumber, Statistic, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type OptionDurationRow, type OptionExposureRow, type OptionOrderRow, type OptionsOverview, type Page } from '../api.ts';
import { FormModal } from '../components/form-modal.tsx';
import { useEnabledColumn } from '../components/review-cells.tsx';
import { useI18n } from '../i18n.tsx';
import { loadOr, pageQueryOf } from '../load.ts';
import { useSave } from '../markets-admin.ts';

/**
 * Seconds options: the option pool's balance, the durations (payout ratio, stake range, fee rate) and
 * the exposure limits per symbol (the same for both directions) with the open stake, editable by admins (every edit is
 * logged by the server); and the order search, read-only: no screen or call sets an outcome.
 */
export async function optionsLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  const userId = Number(new URL(request.url).searchParams.get('user_id')) || undefined;
  const empty: Page<OptionOrderRow> = { data: [], total: 0, page: 1, limit: query.limit };
  const [overview, orders] = await Promise.all([
    loadOr<OptionsOverview>(() => adminApi.options(), { durations: [], exposure: [], pool: null, stake_coin: 'USDT' }),
    loadOr(() => adminApi.optionOrders({ ...query, user_id: userId }), empty),
  ]);
  return { overview, orders, userId };
}

const AMOUNT = /^\d+(\.\d{1,8})?$/;

function DurationModal({ row, onClose }: { row: OptionDurationRow | null; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<OptionDurationRow>();
  const amountRules = [{ required: true, pattern: AMOUNT, message: t('markets.numberInvalid') }];
  const submit = async (values: OptionDurationRow) => {
    const done = await save(() => adminApi.editOptionDuration({ ...values, seconds: Number(values.seconds) }));
    if (done) {
      onClose();
      void revalidator.revalidate();
    }
  };
  return (
    <FormModal form={form} title={t('options.durationTitle')} onClose={onClose}>
      <Form<OptionDurationRow> form={form} layout="vertical" requiredMark={false} initialValues={row ?? { seconds: 30, payout_ratio: '0.8', stake_min: '10', stake_max: '10000', fee_rate: '0.001', enabled: true }} onFinish={submit}>
        <Form.Item name="seconds" label={t('options.seconds')} rules={[{ required: true }]}>
          <InputNumber aria-label={t('options.seconds')} min={5} max={86400} disabled={row !== null} />
        </Form.Item>
        <Form.Item name="payout_ratio" label={t('options.payoutRatio')} rules={amountRules}>
          <Input aria-label={t('options.payoutRatio')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="stake_min" label={t('options.stakeMin')} rules={amountRules}>
          <Input aria-label={t('options.stakeMin')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="stake_max" label={t('options.stakeMax')} rules={amountRules}>
          <Input aria-label={t('options.stakeMax')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="fee_rate" label={t('options.feeRate')} rules={[{ required: true, pattern: /^\d+(\.\d{1,8})?$/, message: t('markets.numberInvalid') }]}>
          <Input aria-label={t('options.feeRate')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="enabled" label={t('symbols.enabled')} valuePropName="checked">
          <Switch aria-label={t('symbols.enabled')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** A symbol's two exposure limits; there is no direction to choose (both directions are limited alike). */
function ExposureModal({ row, onClose }: { row: OptionExposureRow; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<{ stake_max: string; user_stake_max: string }>();
  const submit = async (values: { stake_max: string; user_stake_max: string }) => {
    const done = await save(() => adminApi.editOptionExposure({ symbol_id: row.symbol_id, stake_max: values.stake_max.trim(), user_stake_max: values.user_stake_max.trim() }));
    if (done) {
      onClose();
      void revalidator.revalidate();
    }
  };
  const amount = [{ required: true, pattern: /^\d+(\.\d{1,8})?$/, message: t('markets.numberInvalid') }];
  return (
    <FormModal form={form} title={t('options.exposureTitle', { symbol: row.symbol })} onClose={onClose}>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ stake_max: row.stake_max, user_stake_max: row.user_stake_max }} onFinish={submit}>
        <Typography.Paragraph type="secondary">{t('options.exposureHint')}</Typography.Paragraph>
        <Form.Item name="stake_max" label={t('options.stakeLimit')} rules={amount}>
          <Input aria-label={t('options.stakeLimit')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="user_stake_max" label={t('options.userStakeLimit')} rules={amount}>
          <Input aria-label={t('options.userStakeLimit')} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function OptionsPage() {
  const { overview, orders, userId } = useLoaderData<typeof optionsLoader>();
  const { t } = useI18n();
  const navigate = useNavigate();
  const [duration, setDuration] = useState<OptionDurationRow | null | undefined>(undefined);
  const [exposure, setExposure] = useState<OptionExposureRow | null>(null);
  const enabledColumn = useEnabledColumn<OptionDurationRow>();
  const direction = (d: 'up' | 'down' | 1 | 2) => (d === 'up' || d === 1 ? <Tag color="green">{t('options.up')}</Tag> : <Tag color="red">{t('options.down')}</Tag>);
  const durationColumns: TableColumnsType<OptionDurationRow> = [
    { title: t('options.seconds'), dataIndex: 'seconds' },
    { title: t('options.payoutRatio'), dataIndex: 'payout_ratio', align: 'right' },
    { title: t('options.stakeMin'), dataIndex: 'stake_min', align: 'right' },
    { title: t('options.stakeMax'), dataIndex: 'stake_max', align: 'right' },
    { title: t('options.feeRate'), dataIndex: 'fee_rate', align: 'right' },
    enabledColumn,
    {
      title: t('markets.actions'),
      key: 'edit',
      render: (_, row) => (
        <Button aria-label={t('options.editDuration', { seconds: row.seconds })} onClick={() => setDuration(row)}>
          {t('markets.edit')}
        </Button>
      ),
    },
  ];
  const exposureColumns: TableColumnsType<OptionExposureRow> = [
    { title: t('symbols.symbol'), dataIndex: 'symbol' },
    { title: t('options.openUp'), dataIndex: 'open_up', align: 'right' },
    { title: t('options.openDown'), dataIndex: 'open_down', align: 'right' },
    { title: t('options.openStake'), dataIndex: 'open_stake', align: 'right' },
    { title: t('options.openOrders'), dataIndex: 'open_orders', align: 'right' },
    { title: t('options.stakeLimit'), dataIndex: 'stake_max', align: 'right' },
    { title: t('options.userStakeLimit'), dataIndex: 'user_stake_max', align: 'right' },
    {
      title: t('markets.actions'),
      key: 'edit',
      render: (_, row) => (
        <Button aria-label={t('options.exposureTitle', { symbol: row.symbol })} onClick={() => setExposure(row)}>
          {t('markets.edit')}
        </Button>
      ),
    },
  ];
  const tick = (tick: { id: string; price: string } | null) => (tick ? `${tick.price} (#${tick.id})` : '—');
  const orderColumns: TableColumnsType<OptionOrderRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('options.user'), dataIndex: 'user_id' },
    { title: t('symbols.symbol'), dataIndex: 'symbol' },
    { title: t('options.direction'), dataIndex: 'type', render: direction },
    { title: t('options.seconds'), dataIndex: 'seconds' },
    { title: t('options.stake'), dataIndex: 'number', align: 'right' },
    { title: t('options.openTick'), key: 'open', render: (_, row) => tick(row.open) },
    { title: t('options.closeTick'), key: 'close', render: (_, row) => tick(row.close) },
    { title: t('options.outcome'), key: 'outcome', render: (_, row) => (row.outcome ? t(`options.${row.outcome}`) : t(row.status === 'void' ? 'options.void' : row.status === 'opening' ? 'options.opening' : 'options.holding')) },
    { title: t('options.payout'), dataIndex: 'payout', align: 'right' },
  ];
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('options.title')}</Typography.Title>
      <Statistic title={t('options.pool', { coin: overview.pool?.currency ?? overview.stake_coin })} value={overview.pool?.balance ?? '—'} />
      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('options.durations')}</Typography.Title>
        <Button onClick={() => setDuration(null)}>{t('options.addDuration')}</Button>
      </Flex>
      <Table<OptionDurationRow> rowKey="seconds" columns={durationColumns} dataSource={overview.durations} pagination={false} size="small" />
      <Typography.Title level={4}>{t('options.exposure')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('options.exposureHint')}</Typography.Paragraph>
      <Table<OptionExposureRow> rowKey="symbol_id" columns={exposureColumns} dataSource={overview.exposure} pagination={false} size="small" />
      <Typography.Title level={4}>{t('options.orders')}</Typography.Title>
      <Input.Search
        aria-label={t('options.user')}
        placeholder={t('options.user')}
        defaultValue={userId ? String(userId) : ''}
        onSearch={(value) => navigate(value.trim() ? `?user_id=${encodeURIComponent(value.trim())}` : '?')}
        style={{ maxWidth: 240 }}
      />
      <Table<OptionOrderRow>
        rowKey="id"
        columns={orderColumns}
        dataSource={orders.data}
        size="small"
        pagination={{ current: orders.page, pageSize: orders.limit, total: orders.total, onChange: (page) => navigate(`?page=${page}${userId ? `&user_id=${userId}` : ''}`) }}
      />
      {duration !== undefined && <DurationModal row={duration} onClose={() => setDuration(undefined)} />}
      {exposure && <ExposureModal row={exposure} onClose={() => setExposure(null)} />}
    </Flex>
  );
}
