import type { CopyFollowStatus, CopySkipReason, CopyTraderStatus, CopyType, TraderStatsView } from '@fairex/contract';
import type { Lang } from '@fairex/contract/lang';
import { mul } from '@fairex/contract/money';
import { Button, Flex, Form, Input, InputNumber, Popconfirm, Result, Select, Space, Switch, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Page } from '../api.ts';
import { copyApi, type CopyFollowAdminView, type CopySettingsInput, type CopySettingsView, type CopySkipAdminView, type CopyTraderAdminView } from '../api-copy.ts';
import { LANGUAGE_NAMES } from '../components/languages.ts';
import { PagedTable } from '../components/paged-table.tsx';
import { PromptModal } from '../components/prompt-modal.tsx';
import { amountColumn, UserCell } from '../components/review-cells.tsx';
import { IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { useUrlChange } from '../paging.ts';
import { useDecision } from '../review-queue.ts';
import { useOperator } from '../use-operator.ts';

/**
 * Copy trading: trader applications and traders with their statistics (admins and reviewers approve,
 * reject or revoke, each logged), every follow, the trader positions a follower got no copy of and why,
 * and the limits new follows are held to (admins save them; the others read). One tab is loaded at a
 * time, kept in ?tab= with its filters, so Back and reload keep them. Nothing here opens, closes or
 * changes a position, a result or a statistic.
 */
const TABS = ['traders', 'follows', 'skips', 'settings'] as const;
type Tab = (typeof TABS)[number];
const TRADER_STATUSES: readonly (CopyTraderStatus | 'all')[] = ['pending', 'approved', 'rejected', 'revoked', 'all'];
const FOLLOW_STATUSES: readonly (CopyFollowStatus | 'all')[] = ['following', 'cancelled', 'all'];

/**
 * The bounds the contract puts on the settings and on a decision's reason (COPY_TRADERS_PER_FOLLOWER_LIMIT,
 * COPY_RATIO_LIMIT, COPY_LOTS_LIMIT, COPY_PROFIT_SHARE_MAX, COPY_REASON_LENGTH_MAX in schemas/copy.ts),
 * repeated here so the back office does not bundle the zod schemas; the page's test checks they agree,
 * and the server checks every value again.
 */
export const COPY_FORM_LIMITS = { traders_per_follower_max: 100, ratio_max: 100, lots_max: 1000, profit_share_rate: 0.5, reason_length: 200 } as const;
/** As copySettingsInput reads them: a multiple of up to three digits and two decimals, a share "0" or "0." and up to four decimals. */
const RATIO = /^\d{1,3}(\.\d{1,2})?$/;
const SHARE = /^0(\.\d{1,4})?$/;

export async function copyLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'traders';
  const query = pageQueryOf(request);
  const filters = {
    status: TRADER_STATUSES.find((s) => s === params.get('status')) ?? 'pending',
    follow_status: FOLLOW_STATUSES.find((s) => s === params.get('follow_status')) ?? 'all',
    trader_user_id: positiveIntParam(params, 'trader_user_id'),
  };
  const data = {
    tab,
    filters,
    traders: emptyPage<CopyTraderAdminView>(query),
    follows: emptyPage<CopyFollowAdminView>(query),
    skips: emptyPage<CopySkipAdminView>(query),
    settings: null as CopySettingsView | null,
  };
  if (tab === 'traders') data.traders = await loadOr(() => copyApi.traders({ ...query, status: filters.status }), data.traders);
  if (tab === 'follows') data.follows = await loadOr(() => copyApi.follows({ ...query, status: filters.follow_status, trader_user_id: filters.trader_user_id }), data.follows);
  if (tab === 'skips') data.skips = await loadOr(() => copyApi.skips(query), data.skips);
  if (tab === 'settings') data.settings = await loadOr<CopySettingsView | null>(() => copyApi.settings(), null);
  return data;
}
type CopyData = Awaited<ReturnType<typeof copyLoader>>;

const percent = (fraction: string) => `${mul(fraction, 100)}%`;
/** A result in USDT: red below zero, green above. */
const signed = (value: string) => <Typography.Text type={value.startsWith('-') ? 'danger' : Number(value) === 0 ? undefined : 'success'}>{value}</Typography.Text>;
const STATUS_COLORS: Record<CopyTraderStatus, string | undefined> = { pending: 'gold', approved: 'green', rejected: 'red', revoked: 'volcano' };

function TraderStatusCell({ row }: { row: CopyTraderAdminView }) {
  const { t } = useI18n();
  const tag = <Tag color={STATUS_COLORS[row.status]}>{t(`copy.status.${row.status}`)}</Tag>;
  if (!row.reason) return tag;
  return (
    <Tooltip title={row.reason}>
      <span>
        {tag}
        <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 200 }} ellipsis>
          {row.reason}
        </Typography.Text>
      </span>
    </Tooltip>
  );
}

type Asking = { row: CopyTraderAdminView; decision: 'reject' | 'revoke' };

function TradersTab({ page, status }: { page: Page<CopyTraderAdminView>; status: CopyData['filters']['status'] }) {
  const { t } = useI18n();
  const at = useInstantText();
  const change = useUrlChange();
  const decide = useDecision();
  const role = useOperator()?.role;
  // Every role reads; admins and reviewers decide (the server refuses support).
  const decides = role === 'admin' || role === 'reviewer';
  const [asking, setAsking] = useState<Asking | null>(null);
  const run = (row: CopyTraderAdminView, decision: 'approve' | 'reject' | 'revoke', reason: string) =>
    decide(() => copyApi.decide({ user_id: row.user_id, decision, reason }), t('copy.decided'));
  const stat = (render: (stats: TraderStatsView, row: CopyTraderAdminView) => ReactNode) => (_: unknown, row: CopyTraderAdminView) => (row.stats ? render(row.stats, row) : '—');

  const columns: TableColumnsType<CopyTraderAdminView> = [
    { title: t('copy.account'), key: 'account', render: (_, row) => <UserCell id={row.user_id} account={row.account} /> },
    { title: t('copy.name'), dataIndex: 'name' },
    { title: t('copy.status'), key: 'status', render: (_, row) => <TraderStatusCell row={row} /> },
    { title: t('copy.agreement'), dataIndex: 'agreement', render: (lang: string) => LANGUAGE_NAMES[lang as Lang] ?? lang },
    { title: t('copy.demo'), dataIndex: 'demo', render: (demo: boolean) => (demo ? <Tag color="purple">{t('copy.demoTrader')}</Tag> : '—') },
    { title: t('copy.appliedAt'), dataIndex: 'applied_at', render: at },
    {
      title: t('copy.decidedAt'),
      key: 'decided',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{at(row.decided_at)}</span>
          {row.decided_by && <Typography.Text type="secondary">{t('copy.decidedBy', { operator: row.decided_by })}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('copy.totalProfit'), key: 'total_profit', align: 'right', render: stat((s) => signed(s.total_profit)) },
    { title: t('copy.totalReturn'), key: 'total_return', align: 'right', render: stat((s) => `${s.total_return}%`) },
    { title: t('copy.accuracy'), key: 'accuracy', align: 'right', render: stat((s) => `${s.accuracy}%`) },
    { title: t('copy.orders'), key: 'orders', align: 'right', render: stat((s) => s.total_orders) },
    {
      title: t('copy.followers'),
      key: 'followers',
      align: 'right',
      // The figure leads to the trader's follows.
      render: stat((s, row) =>
        s.followers > 0 ? (
          <Button type="link" size="small" aria-label={t('copy.followersOf', { name: row.name })} onClick={() => change({ tab: 'follows', trader_user_id: row.user_id, follow_status: undefined, page: undefined })}>
            {s.followers}
          </Button>
        ) : (
          s.followers
        ),
      ),
    },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) =>
        decides && (
          <Space>
            {row.status === 'pending' && (
              <>
                <Popconfirm title={t('copy.approveQuestion', { name: row.name, account: row.account })} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => run(row, 'approve', '')}>
                  <Button type="primary" aria-label={t('copy.approveOf', { name: row.name })}>
                    {t('copy.approve')}
                  </Button>
                </Popconfirm>
                <Button danger aria-label={t('copy.rejectOf', { name: row.name })} onClick={() => setAsking({ row, decision: 'reject' })}>
                  {t('copy.reject')}
                </Button>
              </>
            )}
            {row.status === 'approved' && (
              <Button danger aria-label={t('copy.revokeOf', { name: row.name })} onClick={() => setAsking({ row, decision: 'revoke' })}>
                {t('copy.revoke')}
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Select<CopyTraderStatus | 'all'>
          aria-label={t('copy.traderStatus')}
          value={status}
          onChange={(value) => change({ status: value, page: undefined })}
          options={TRADER_STATUSES.map((value) => ({ value, label: value === 'all' ? t('copy.all') : t(`copy.status.${value}`) }))}
          style={{ width: 200 }}
        />
        <Typography.Text type="secondary">{t('copy.statsHint')}</Typography.Text>
      </Space>
      <PagedTable<CopyTraderAdminView> rowKey="user_id" columns={columns} page={page} pageParam="page" scroll={{ x: true }} />
      <PromptModal
        open={asking !== null}
        title={asking ? t(asking.decision === 'reject' ? 'copy.rejectTitle' : 'copy.revokeTitle', { name: asking.row.name }) : ''}
        label={t('copy.reason')}
        required={t('copy.reasonRequired')}
        extra={asking?.decision === 'revoke' ? `${t('copy.revokeHint')} ${t('copy.reasonHint')}` : t('copy.reasonHint')}
        okText={asking?.decision === 'revoke' ? t('copy.revoke') : t('copy.reject')}
        cancelText={t('copy.cancel')}
        danger
        max={COPY_FORM_LIMITS.reason_length}
        onCancel={() => setAsking(null)}
        onSubmit={async (reason) => {
          const done = asking ? await run(asking.row, asking.decision, reason) : false;
          if (done) setAsking(null);
          return done;
        }}
      />
    </Flex>
  );
}

function FollowsTab({ page, filters }: { page: Page<CopyFollowAdminView>; filters: CopyData['filters'] }) {
  const { t } = useI18n();
  const at = useInstantText();
  const change = useUrlChange();
  const columns: TableColumnsType<CopyFollowAdminView> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('copy.follower'), key: 'follower', render: (_, row) => <UserCell id={row.follower_user_id} account={row.follower_account} /> },
    { title: t('copy.trader'), key: 'trader', render: (_, row) => <UserCell id={row.trader_user_id} account={row.trader_name} /> },
    { title: t('copy.type'), dataIndex: 'type', render: (type: CopyType) => t(`copy.type.${type}`) },
    { title: t('copy.number'), key: 'number', align: 'right', render: (_, row) => t(`copy.number.${row.type}`, { number: row.number }) },
    { title: t('copy.status'), dataIndex: 'status', render: (status: CopyFollowStatus) => <Tag color={status === 'following' ? 'green' : undefined}>{t(`copy.follow.${status}`)}</Tag> },
    { title: t('copy.profitShareRate'), dataIndex: 'profit_share_rate', align: 'right', render: percent },
    { title: t('copy.followAmount'), dataIndex: 'follow_amount', ...amountColumn },
    { title: t('copy.earnings'), dataIndex: 'earnings', align: 'right', render: signed },
    { title: t('copy.profitSharePaid'), dataIndex: 'profit_share_paid', ...amountColumn },
    { title: t('copy.copies'), key: 'copies', align: 'right', render: (_, row) => `${row.open_copies} / ${row.closed_copies}` },
    { title: t('copy.skipped'), dataIndex: 'skipped', align: 'right' },
    { title: t('copy.followedAt'), dataIndex: 'created_at', render: at },
    { title: t('copy.cancelledAt'), dataIndex: 'cancelled_at', render: at },
  ];
  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Select<CopyFollowStatus | 'all'>
          aria-label={t('copy.followStatus')}
          value={filters.follow_status}
          onChange={(value) => change({ follow_status: value, page: undefined })}
          options={FOLLOW_STATUSES.map((value) => ({ value, label: value === 'all' ? t('copy.all') : t(`copy.follow.${value}`) }))}
          style={{ width: 200 }}
        />
        <IdSearch
          // Remounted when the URL changes, so Back (or a trader's followers link) shows the filter in force.
          key={filters.trader_user_id ?? ''}
          label={t('copy.traderId')}
          value={filters.trader_user_id}
          onSearch={(id) => change({ trader_user_id: id, page: undefined })}
          style={{ width: 220 }}
        />
      </Space>
      <PagedTable<CopyFollowAdminView> columns={columns} page={page} pageParam="page" scroll={{ x: true }} />
    </Flex>
  );
}

function SkipsTab({ page }: { page: Page<CopySkipAdminView> }) {
  const { t } = useI18n();
  const at = useInstantText();
  const columns: TableColumnsType<CopySkipAdminView> = [
    { title: t('copy.skippedAt'), dataIndex: 'created_at', render: at },
    { title: t('copy.follower'), key: 'follower', render: (_, row) => <UserCell id={row.follower_user_id} account={row.follower_account} /> },
    { title: t('copy.trader'), key: 'trader', render: (_, row) => <UserCell id={row.trader_user_id} account={row.trader_name} /> },
    { title: t('copy.symbol'), dataIndex: 'symbol' },
    { title: t('copy.side'), dataIndex: 'side', render: (side: 'long' | 'short') => <Tag color={side === 'long' ? 'green' : 'red'}>{t(`copy.side.${side}`)}</Tag> },
    { title: t('copy.traderLots'), dataIndex: 'trader_lots', align: 'right' },
    { title: t('copy.skipReason'), dataIndex: 'reason', render: (reason: CopySkipReason) => t(`copy.skip.${reason}`) },
  ];
  return (
    <Flex vertical gap="small">
      <Typography.Text type="secondary">{t('copy.skipsHint')}</Typography.Text>
      <PagedTable<CopySkipAdminView> columns={columns} page={page} pageParam="page" scroll={{ x: true }} />
    </Flex>
  );
}

type SettingsFields = Omit<CopySettingsInput, 'ratio_max' | 'profit_share_rate'> & { ratio_max: string; profit_share_rate: string };

function SettingsTab({ settings }: { settings: CopySettingsView }) {
  const { t } = useI18n();
  const at = useInstantText();
  const decide = useDecision();
  const isAdmin = useOperator()?.role === 'admin';
  const [form] = Form.useForm<SettingsFields>();
  const [busy, setBusy] = useState(false);
  const invalid = t('copy.numberInvalid');
  /** A decimal field's rule: its pattern and bounds as copySettingsInput has them. */
  const decimalRule = (pattern: RegExp, ok: (n: number) => boolean) => ({
    validator: (_: unknown, value: string | undefined) => {
      const text = value?.trim() ?? '';
      return pattern.test(text) && ok(Number(text)) ? Promise.resolve() : Promise.reject(new Error(invalid));
    },
  });
  const submit = async (values: SettingsFields) => {
    setBusy(true);
    await decide(
      () =>
        copyApi.saveSettings({
          traders_per_follower_max: Number(values.traders_per_follower_max),
          ratio_max: values.ratio_max.trim(),
          lots_max: Number(values.lots_max),
          profit_share_rate: values.profit_share_rate.trim(),
          demo_trading: values.demo_trading,
        }),
      t('copy.saved'),
    );
    setBusy(false);
  };
  return (
    <Flex vertical gap="small" style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('copy.settingsHint')}</Typography.Paragraph>
      <Form<SettingsFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!isAdmin}
        initialValues={{
          traders_per_follower_max: settings.traders_per_follower_max,
          ratio_max: settings.ratio_max,
          lots_max: settings.lots_max,
          profit_share_rate: settings.profit_share_rate,
          demo_trading: settings.demo_trading,
        }}
        onFinish={submit}
      >
        <Form.Item name="traders_per_follower_max" label={t('copy.tradersPerFollowerMax')} rules={[{ required: true, message: invalid }]}>
          <InputNumber aria-label={t('copy.tradersPerFollowerMax')} min={1} max={COPY_FORM_LIMITS.traders_per_follower_max} precision={0} />
        </Form.Item>
        <Form.Item
          name="ratio_max"
          label={t('copy.ratioMax')}
          extra={t('copy.ratioMaxHint', { max: COPY_FORM_LIMITS.ratio_max })}
          rules={[decimalRule(RATIO, (n) => n > 0 && n <= COPY_FORM_LIMITS.ratio_max)]}
        >
          <Input aria-label={t('copy.ratioMax')} inputMode="decimal" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="lots_max" label={t('copy.lotsMax')} rules={[{ required: true, message: invalid }]}>
          <InputNumber aria-label={t('copy.lotsMax')} min={1} max={COPY_FORM_LIMITS.lots_max} precision={0} />
        </Form.Item>
        <Form.Item
          name="profit_share_rate"
          label={t('copy.profitShareRate')}
          extra={t('copy.profitShareRateHint', { max: COPY_FORM_LIMITS.profit_share_rate })}
          rules={[decimalRule(SHARE, (n) => n <= COPY_FORM_LIMITS.profit_share_rate)]}
        >
          <Input aria-label={t('copy.profitShareRate')} inputMode="decimal" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="demo_trading" label={t('copy.demoTrading')} valuePropName="checked">
          <Switch aria-label={t('copy.demoTrading')} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{settings.updated_at === null ? t('copy.neverChanged') : t('copy.updatedAt', { time: at(settings.updated_at) })}</Typography.Paragraph>
        {isAdmin ? (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('copy.save')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('copy.adminsOnly')}</Typography.Text>
        )}
      </Form>
    </Flex>
  );
}

export function CopyPage() {
  const { tab, filters, traders, follows, skips, settings } = useLoaderData<typeof copyLoader>();
  const { t } = useI18n();
  const change = useUrlChange();
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('copy.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('copy.intro')}</Typography.Text>
      <Tabs activeKey={tab} onChange={(key) => change({ tab: key, page: undefined })} items={TABS.map((key) => ({ key, label: t(`copy.tab.${key}`) }))} />
      {tab === 'traders' && <TradersTab page={traders} status={filters.status} />}
      {tab === 'follows' && <FollowsTab page={follows} filters={filters} />}
      {tab === 'skips' && <SkipsTab page={skips} />}
      {tab === 'settings' &&
        (settings ? (
          // Remounted with fresh values after a save.
          <SettingsTab key={JSON.stringify(settings)} settings={settings} />
        ) : (
          <Result status="warning" title={t('copy.notLoaded')} />
        ))}
    </Flex>
  );
}
