import type { AdminRebateRow, InviterTotalsRow, ReferralSettingsView } from '@fairex/contract';
import { mul } from '@fairex/contract/money';
import { Button, Flex, Form, Input, Space, Statistic, Typography, type TableColumnsType } from 'antd';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { referralsApi, type InviterQuery, type RebateQuery } from '../api-referrals.ts';
import { PagedTable } from '../components/paged-table.tsx';
import { IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';
import { useOperator } from '../use-operator.ts';

/**
 * Invitations and rebates: the rebate shares (admins edit them, logged), the users who invited someone
 * with their invitees and what they received, and the rebate records with the fee posting each was paid
 * on. Nothing here pays or changes a rebate.
 */
export async function referralsLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const inviterQuery: InviterQuery = { ...pageQueryOf(request), inviter_id: positiveIntParam(params, 'inviter_id') };
  const rebateQuery: RebateQuery = { ...listQueryOf(params, 'rebates_page'), inviter_id: positiveIntParam(params, 'rebate_inviter_id'), invitee_id: positiveIntParam(params, 'invitee_id') };
  const [settings, inviters, rebates] = await Promise.all([
    loadOr<ReferralSettingsView>(() => referralsApi.settings(), { level1_share: '0', level2_share: '0', updated_at: null }),
    loadOr(() => referralsApi.inviters(inviterQuery), emptyPage<InviterTotalsRow>(inviterQuery)),
    loadOr(() => referralsApi.rebates(rebateQuery), emptyPage<AdminRebateRow>(rebateQuery)),
  ]);
  return { settings, inviters, rebates, inviterQuery, rebateQuery };
}

const SHARE = /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/;
const percent = (share: string) => `${mul(share, 100)}%`;

function SharesForm({ settings }: { settings: ReferralSettingsView }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<{ level1_share: string; level2_share: string }>();
  const shareRules = [{ required: true, pattern: SHARE, message: t('referrals.shareInvalid') }];
  const submit = async (values: { level1_share: string; level2_share: string }) => {
    if (await save(() => referralsApi.saveShares({ level1_share: values.level1_share.trim(), level2_share: values.level2_share.trim() }))) void revalidator.revalidate();
  };
  return (
    <Form form={form} layout="inline" requiredMark={false} initialValues={settings} onFinish={submit}>
      <Form.Item name="level1_share" label={t('referrals.level1')} rules={shareRules}>
        <Input aria-label={t('referrals.level1')} inputMode="decimal" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name="level2_share"
        label={t('referrals.level2')}
        dependencies={['level1_share']}
        rules={[
          ...shareRules,
          ({ getFieldValue }) => ({
            validator: (_, value: string) => (Number(value) + Number(getFieldValue('level1_share')) <= 1 ? Promise.resolve() : Promise.reject(new Error(t('referrals.sumInvalid')))),
          }),
        ]}
      >
        <Input aria-label={t('referrals.level2')} inputMode="decimal" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('markets.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export function ReferralsPage() {
  const { settings, inviters, rebates, inviterQuery, rebateQuery } = useLoaderData<typeof referralsLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const go = useUrlChange();
  const isAdmin = useOperator()?.role === 'admin';
  const totals = (list: { currency: string; amount: string }[]) => list.map((x) => `${x.amount} ${x.currency}`).join(' · ') || '—';

  const inviterColumns: TableColumnsType<InviterTotalsRow> = [
    { title: t('referrals.inviter'), dataIndex: 'inviter_id' },
    { title: t('referrals.account'), dataIndex: 'account' },
    { title: t('referrals.invitees'), dataIndex: 'invitees', align: 'right' },
    { title: t('referrals.rebateCount'), dataIndex: 'rebates', align: 'right' },
    { title: t('referrals.totals'), dataIndex: 'totals', render: totals },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button size="small" onClick={() => go({ rebate_inviter_id: row.inviter_id, rebates_page: undefined })}>
          {t('referrals.showRebates')}
        </Button>
      ),
    },
  ];
  const rebateColumns: TableColumnsType<AdminRebateRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('referrals.inviter'), key: 'inviter', render: (_, row) => `${row.inviter_id} · ${row.inviter}` },
    { title: t('referrals.invitee'), key: 'invitee', render: (_, row) => `${row.invitee_id} · ${row.invitee}` },
    { title: t('referrals.level'), dataIndex: 'level', align: 'right' },
    { title: t('referrals.product'), dataIndex: 'product', render: (p: AdminRebateRow['product']) => t(`referrals.product.${p}`) },
    { title: t('referrals.fee'), key: 'fee', align: 'right', render: (_, row) => `${row.fee} ${row.currency}` },
    { title: t('referrals.refunded'), dataIndex: 'refunded', align: 'right' },
    { title: t('referrals.share'), dataIndex: 'share', align: 'right', render: percent },
    { title: t('referrals.amount'), key: 'amount', align: 'right', render: (_, row) => `${row.amount} ${row.currency}` },
    { title: t('referrals.source'), key: 'source', render: (_, row) => `${row.posting_id} · ${row.source}` },
    { title: t('referrals.time'), dataIndex: 'created_at', render: at },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('referrals.title')}</Typography.Title>
      <Typography.Title level={4}>{t('referrals.shares')}</Typography.Title>
      <Space size="large" wrap>
        <Statistic title={t('referrals.level1')} value={percent(settings.level1_share)} />
        <Statistic title={t('referrals.level2')} value={percent(settings.level2_share)} />
      </Space>
      {settings.updated_at !== null && <Typography.Text type="secondary">{t('referrals.updatedAt', { time: at(settings.updated_at) })}</Typography.Text>}
      <Typography.Text type="secondary">{t('referrals.sharesHint')}</Typography.Text>
      {isAdmin && <SharesForm key={`${settings.level1_share}:${settings.level2_share}`} settings={settings} />}

      <Typography.Title level={4}>{t('referrals.inviters')}</Typography.Title>
      <IdSearch label={t('referrals.inviter')} value={inviterQuery.inviter_id} onSearch={(id) => go({ inviter_id: id, page: undefined })} style={{ width: 220 }} />
      <PagedTable<InviterTotalsRow> rowKey="inviter_id" columns={inviterColumns} page={inviters} pageParam="page" />

      <Typography.Title level={4}>{t('referrals.rebates')}</Typography.Title>
      <Space wrap>
        <IdSearch key={rebateQuery.inviter_id ?? 0} label={t('referrals.inviter')} value={rebateQuery.inviter_id} onSearch={(id) => go({ rebate_inviter_id: id, rebates_page: undefined })} style={{ width: 220 }} />
        <IdSearch label={t('referrals.invitee')} value={rebateQuery.invitee_id} onSearch={(id) => go({ invitee_id: id, rebates_page: undefined })} style={{ width: 220 }} />
      </Space>
      <PagedTable<AdminRebateRow> columns={rebateColumns} page={rebates} pageParam="rebates_page" scroll={{ x: true }} />
    </Flex>
  );
}
