import { WEALTH_JOB_NAMES } from '@fairex/contract/rules';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { wealthApi, type WealthJob, type WealthOverview, type WealthRun } from '../api-wealth.ts';
import { PagedTable } from '../components/paged-table.tsx';
import { coinTotals, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';
import { useOperator } from '../use-operator.ts';

/**
 * Wealth products in general: the time zone their days and settlement hours are read in (admins change
 * it; each order and product keeps what it was created with), the system accounts that fund interest
 * and take the products' money, and every run of the wealth jobs with what it paid and when.
 */
export async function wealthLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  const job = WEALTH_JOB_NAMES.find((name) => name === new URL(request.url).searchParams.get('job'));
  const [overview, runs] = await Promise.all([
    loadOr<WealthOverview>(() => wealthApi.overview(), { time_zone: 'UTC', now: Date.now(), system_accounts: [] }),
    loadOr(() => wealthApi.runs({ ...query, job }), emptyPage<WealthRun>(query)),
  ]);
  return { overview, runs, job };
}

/** A run's figures besides what it paid: "orders 3 · returned 100 USDT". */
function details(summary: Record<string, unknown>) {
  return Object.entries(summary)
    .filter(([key]) => key !== 'paid')
    .map(([key, value]) => `${key} ${typeof value === 'object' && value !== null ? coinTotals(value as Record<string, string>, ', ') : String(value)}`)
    .join(' · ');
}

function TimeZoneForm({ timeZone }: { timeZone: string }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<{ time_zone: string }>();
  return (
    <Form form={form} layout="inline" initialValues={{ time_zone: timeZone }} onFinish={(values) => void save(() => wealthApi.saveTimeZone(values.time_zone.trim()))}>
      <Form.Item name="time_zone" label={t('wealth.timeZone')} rules={[{ required: true, message: t('wealth.timeZoneRequired') }]}>
        <Input placeholder="UTC, Asia/Shanghai, Europe/Paris" style={{ width: 240 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('markets.save')}
      </Button>
    </Form>
  );
}

export function WealthPage() {
  const { t } = useI18n();
  const { overview, runs, job } = useLoaderData<typeof wealthLoader>();
  const operator = useOperator();
  const change = useUrlChange();
  const instant = useInstantText();
  const runColumns: TableColumnsType<WealthRun> = [
    { title: t('wealth.run'), dataIndex: 'id', width: 80 },
    { title: t('wealth.job'), dataIndex: 'job', render: (name: WealthJob) => <Tag>{t(`wealth.job.${name}`)}</Tag> },
    { title: t('wealth.ranAt'), dataIndex: 'ran_at', render: (ms: number) => instant(ms) },
    { title: t('wealth.items'), dataIndex: 'items', width: 90 },
    { title: t('wealth.paid'), key: 'paid', render: (_, run) => coinTotals(run.summary.paid as Record<string, string> | undefined) },
    { title: t('wealth.details'), key: 'details', render: (_, run) => details(run.summary) },
  ];
  const accountColumns: TableColumnsType<WealthOverview['system_accounts'][number]> = [
    { title: t('wealth.account'), dataIndex: 'system', render: (name: string) => t(`wealth.system.${name}` as Parameters<typeof t>[0]) },
    { title: t('wealth.coin'), dataIndex: 'currency' },
    { title: t('wealth.balance'), dataIndex: 'balance', align: 'right' },
  ];
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('menu.wealth')}</Typography.Title>
      <Card size="small" title={t('wealth.timeZone')}>
        <Space direction="vertical">
          <Typography.Text>{t('wealth.timeZoneNow', { zone: overview.time_zone, now: instant(overview.now) })}</Typography.Text>
          <Typography.Text type="secondary">{t('wealth.timeZoneHint')}</Typography.Text>
          {operator?.role === 'admin' && <TimeZoneForm timeZone={overview.time_zone} />}
        </Space>
      </Card>
      <Typography.Title level={4}>{t('wealth.systemAccounts')}</Typography.Title>
      <Typography.Text type="secondary">{t('wealth.systemAccountsHint')}</Typography.Text>
      <Table rowKey={(row) => `${row.system}:${row.currency}`} size="small" columns={accountColumns} dataSource={overview.system_accounts} pagination={false} />
      <Typography.Title level={4}>{t('wealth.runs')}</Typography.Title>
      <Select
        aria-label={t('wealth.job')}
        placeholder={t('wealth.allJobs')}
        allowClear
        value={job}
        onChange={(value?: WealthJob) => change({ job: value, page: undefined })}
        options={WEALTH_JOB_NAMES.map((value) => ({ value, label: t(`wealth.job.${value}`) }))}
        style={{ width: 240 }}
      />
      <PagedTable<WealthRun> columns={runColumns} page={runs} pageParam="page" />
    </Flex>
  );
}
