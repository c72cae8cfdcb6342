import type { AdminCouponRow, CouponBatchInput, CouponBatchRow, CouponEligibility, CouponKind, CouponStatus } from '@fairex/contract';
import { Button, Flex, Form, Input, InputNumber, Select, Space, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { couponsApi, type CouponClaimQuery, type CouponsOverview } from '../api-coupons.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { localOfIso, useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';
import { useOperator } from '../use-operator.ts';

/**
 * Coupons: the coupon fund that stakes experience coupons, the batches (admins issue them and stop or
 * resume their claims, logged) with what was claimed, used and expired, and the claimed coupons with what
 * each did (fee refunds, the trial option and its result). Nothing here changes a coupon's value.
 */
const KINDS: CouponKind[] = ['fee_discount', 'experience'];
const ELIGIBILITIES: CouponEligibility[] = ['all', 'invited', 'verified'];
const STATUSES: CouponStatus[] = ['available', 'active', 'used', 'expired'];
const DAY_MS = 86_400_000;

export async function couponsLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const batchQuery = pageQueryOf(request);
  const claimQuery: CouponClaimQuery = {
    ...listQueryOf(params, 'claims_page'),
    batch_id: positiveIntParam(params, 'batch_id'),
    user_id: positiveIntParam(params, 'user_id'),
    status: STATUSES.find((s) => s === params.get('status')),
  };
  const [overview, batches, claims] = await Promise.all([
    loadOr<CouponsOverview>(() => couponsApi.overview(), { coins: [], coupon_fund: [], experience_coin: 'USDT' }),
    loadOr(() => couponsApi.batches(batchQuery), emptyPage<CouponBatchRow>(batchQuery)),
    loadOr(() => couponsApi.claims(claimQuery), emptyPage<AdminCouponRow>(claimQuery)),
  ]);
  return { overview, batches, claims, claimQuery };
}

const VALUE = /^\d{1,7}(\.\d{1,18})?$/;
const msOfLocal = (value: string) => new Date(value).getTime();

type BatchForm = Omit<CouponBatchInput, 'claim_starts_at' | 'claim_ends_at'> & { claim_starts_at: string; claim_ends_at: string };

function BatchModal({ overview, onClose }: { overview: CouponsOverview; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<BatchForm>();
  const now = Date.now();
  const required = [{ required: true, message: t('coupons.required') }];
  const initial: BatchForm = {
    kind: 'fee_discount',
    name_en: '',
    name_zh: '',
    currency_id: overview.coins.find((c) => c.name === overview.experience_coin)?.id ?? overview.coins[0]?.id ?? 1,
    value: '10',
    eligibility: 'all',
    quantity: 1000,
    per_user_limit: 1,
    valid_days: 30,
    claim_starts_at: localOfIso(new Date(now).toISOString()),
    claim_ends_at: localOfIso(new Date(now + 30 * DAY_MS).toISOString()),
  };
  const submit = async (values: BatchForm) => {
    const input: CouponBatchInput = {
      ...values,
      value: values.value.trim(),
      quantity: Number(values.quantity),
      per_user_limit: Number(values.per_user_limit),
      valid_days: Number(values.valid_days),
      claim_starts_at: msOfLocal(values.claim_starts_at),
      claim_ends_at: msOfLocal(values.claim_ends_at),
    };
    if (await save(() => couponsApi.createBatch(input))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  return (
    <FormModal form={form} title={t('coupons.addBatch')} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('coupons.kindHint', { coin: overview.experience_coin })}</Typography.Paragraph>
      <Form<BatchForm> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <Form.Item name="kind" label={t('coupons.kind')} rules={required}>
          <Select aria-label={t('coupons.kind')} options={KINDS.map((value) => ({ value, label: t(`coupons.kind.${value}`) }))} />
        </Form.Item>
        <Form.Item name="name_en" label={t('coupons.nameEn')} rules={[{ required: true, max: 60, message: t('coupons.nameRequired') }]}>
          <Input aria-label={t('coupons.nameEn')} maxLength={60} />
        </Form.Item>
        <Form.Item name="name_zh" label={t('coupons.nameZh')}>
          <Input aria-label={t('coupons.nameZh')} maxLength={60} />
        </Form.Item>
        <Flex gap="middle">
          <Form.Item name="currency_id" label={t('coupons.coin')} rules={required} style={{ flex: 1 }}>
            <Select aria-label={t('coupons.coin')} options={overview.coins.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          <Form.Item name="value" label={t('coupons.value')} rules={[{ required: true, pattern: VALUE, message: t('markets.numberInvalid') }]} style={{ flex: 1 }}>
            <Input aria-label={t('coupons.value')} inputMode="decimal" />
          </Form.Item>
        </Flex>
        <Form.Item name="eligibility" label={t('coupons.eligibility')} rules={required}>
          <Select aria-label={t('coupons.eligibility')} options={ELIGIBILITIES.map((value) => ({ value, label: t(`coupons.eligibility.${value}`) }))} />
        </Form.Item>
        <Flex gap="middle">
          <Form.Item name="quantity" label={t('coupons.quantity')} rules={required} style={{ flex: 1 }}>
            <InputNumber aria-label={t('coupons.quantity')} min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="per_user_limit" label={t('coupons.perUser')} rules={required} style={{ flex: 1 }}>
            <InputNumber aria-label={t('coupons.perUser')} min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="valid_days" label={t('coupons.validDays')} rules={required} style={{ flex: 1 }}>
            <InputNumber aria-label={t('coupons.validDays')} min={1} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap="middle">
          <Form.Item name="claim_starts_at" label={t('coupons.claimStart')} rules={required} style={{ flex: 1 }}>
            <Input aria-label={t('coupons.claimStart')} type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="claim_ends_at"
            label={t('coupons.claimEnd')}
            dependencies={['claim_starts_at']}
            rules={[
              ...required,
              ({ getFieldValue }) => ({
                validator: (_, value: string) => (msOfLocal(value) > msOfLocal(getFieldValue('claim_starts_at')) ? Promise.resolve() : Promise.reject(new Error(t('coupons.timesInvalid')))),
              }),
            ]}
            style={{ flex: 1 }}
          >
            <Input aria-label={t('coupons.claimEnd')} type="datetime-local" />
          </Form.Item>
        </Flex>
      </Form>
    </FormModal>
  );
}

export function CouponsPage() {
  const { overview, batches, claims, claimQuery } = useLoaderData<typeof couponsLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const go = useUrlChange();
  const save = useSave();
  const revalidator = useRevalidator();
  const isAdmin = useOperator()?.role === 'admin';
  const [adding, setAdding] = useState(false);

  const switchBatch = async (row: CouponBatchRow) => {
    if (await save(() => couponsApi.switchBatch({ id: row.id, enabled: !row.enabled }))) void revalidator.revalidate();
  };

  const batchColumns: TableColumnsType<CouponBatchRow> = [
    { title: 'ID', dataIndex: 'id' },
    {
      title: t('coupons.name'),
      key: 'name',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.name_en}</span>
          {row.name_zh && <Typography.Text type="secondary">{row.name_zh}</Typography.Text>}
          <Flex gap={4}>
            {row.demo && <Tag>{t('coupons.demo')}</Tag>}
            {!row.enabled && <Tag>{t('markets.off')}</Tag>}
          </Flex>
        </Space>
      ),
    },
    { title: t('coupons.kind'), dataIndex: 'kind', render: (kind: CouponKind) => t(`coupons.kind.${kind}`) },
    { title: t('coupons.value'), key: 'value', align: 'right', render: (_, row) => `${row.value} ${row.currency}` },
    { title: t('coupons.eligibility'), dataIndex: 'eligibility', render: (e: CouponEligibility) => t(`coupons.eligibility.${e}`) },
    { title: t('coupons.claimed'), key: 'claimed', align: 'right', render: (_, row) => `${row.claimed} / ${row.quantity}` },
    { title: t('coupons.perUser'), dataIndex: 'per_user_limit', align: 'right' },
    { title: t('coupons.validDays'), dataIndex: 'valid_days', align: 'right' },
    { title: t('coupons.window'), key: 'window', render: (_, row) => `${at(row.claim_starts_at)} – ${at(row.claim_ends_at)}` },
    { title: t('coupons.used'), dataIndex: 'used', align: 'right' },
    { title: t('coupons.expired'), dataIndex: 'expired', align: 'right' },
    { title: t('coupons.valueUsed'), key: 'value_used', align: 'right', render: (_, row) => `${row.value_used} ${row.currency}` },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) => (
        <Flex gap="small">
          {isAdmin && (
            <Button size="small" onClick={() => void switchBatch(row)}>
              {row.enabled ? t('coupons.switchOff') : t('coupons.switchOn')}
            </Button>
          )}
          <Button size="small" onClick={() => go({ batch_id: row.id, claims_page: undefined })}>
            {t('coupons.showClaims')}
          </Button>
        </Flex>
      ),
    },
  ];
  const claimColumns: TableColumnsType<AdminCouponRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('coupons.user'), dataIndex: 'user_id' },
    { title: t('coupons.batch'), key: 'batch', render: (_, row) => `#${row.batch_id} ${row.name}` },
    { title: t('coupons.status'), dataIndex: 'status', render: (s: CouponStatus) => <Tag color={s === 'active' || s === 'available' ? 'green' : undefined}>{t(`coupons.status.${s}`)}</Tag> },
    { title: t('coupons.value'), key: 'value', align: 'right', render: (_, row) => `${row.value} ${row.currency}` },
    { title: t('coupons.remaining'), dataIndex: 'remaining', align: 'right' },
    { title: t('coupons.refunds'), key: 'refunds', align: 'right', render: (_, row) => (row.kind === 'fee_discount' ? `${row.refunded} (${row.refunds})` : '—') },
    {
      title: t('coupons.trial'),
      key: 'trial',
      render: (_, row) =>
        row.option_order_id === null
          ? '—'
          : [t('coupons.trialOrder', { id: row.option_order_id }), row.option_outcome && t(`coupons.outcome.${row.option_outcome}`), row.option_profit !== null && t('coupons.profit', { amount: row.option_profit })]
              .filter(Boolean)
              .join(' · '),
    },
    { title: t('coupons.claimedAt'), dataIndex: 'claimed_at', render: at },
    { title: t('coupons.expiresAt'), dataIndex: 'expires_at', render: at },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('coupons.title')}</Typography.Title>
      <Space size="large" wrap>
        {overview.coupon_fund.map((f) => (
          <Statistic key={f.currency} title={t('coupons.fund', { coin: f.currency })} value={f.balance} />
        ))}
      </Space>
      <Typography.Text type="secondary">{t('coupons.fundHint')}</Typography.Text>

      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('coupons.batches')}</Typography.Title>
        {isAdmin && <Button onClick={() => setAdding(true)}>{t('coupons.addBatch')}</Button>}
      </Flex>
      <PagedTable<CouponBatchRow> columns={batchColumns} page={batches} pageParam="page" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('coupons.claims')}</Typography.Title>
      <Space wrap>
        <Select
          aria-label={t('coupons.batch')}
          placeholder={t('coupons.batch')}
          allowClear
          value={claimQuery.batch_id}
          onChange={(value?: number) => go({ batch_id: value, claims_page: undefined })}
          options={batches.data.map((b) => ({ value: b.id, label: `#${b.id} ${b.name_en}` }))}
          style={{ width: 240 }}
        />
        <IdSearch label={t('coupons.user')} value={claimQuery.user_id} onSearch={(id) => go({ user_id: id, claims_page: undefined })} style={{ width: 200 }} />
        <Select
          aria-label={t('coupons.status')}
          placeholder={t('coupons.status')}
          allowClear
          value={claimQuery.status}
          onChange={(value?: CouponStatus) => go({ status: value, claims_page: undefined })}
          options={STATUSES.map((value) => ({ value, label: t(`coupons.status.${value}`) }))}
          style={{ width: 160 }}
        />
      </Space>
      <PagedTable<AdminCouponRow> columns={claimColumns} page={claims} pageParam="claims_page" scroll={{ x: true }} />

      {adding && <BatchModal overview={overview} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
