import { Alert, Button, Flex, Form, Input, InputNumber, Progress, Select, Statistic, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE, type Page } from '../api.ts';
import { ieoApi, type IeoCoin, type IeoJob, type IeoOrderRow, type IeoOverview, type IeoProjectRow, type IeoProjectSave, type IeoRun } from '../api-ieo.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { coinTotals, IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { localOfIso, useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';
import { useOperator } from '../use-operator.ts';

/**
 * IEO: the ieo_sale balances, the projects (state, applied, passed, progress), created and edited by
 * admins (figures and times only before the start; the server refuses the rest and logs every write),
 * new token coins for them, the orders with their allocation results (read-only: nothing here decides
 * an allocation), and what each run of the allocation and release jobs paid, and when.
 * The URL keeps the state: ?page= (projects), ?orders_page=&project_id=&user_id= (orders).
 */
export async function ieoLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const projectQuery = pageQueryOf(request);
  const orderQuery = { ...listQueryOf(params, 'orders_page'), product_id: positiveIntParam(params, 'project_id'), user_id: positiveIntParam(params, 'user_id') };
  const runs = (job: IeoJob) => loadOr(() => ieoApi.runs(job, { page: 1, limit: PAGE_SIZE }), emptyPage<IeoRun>({ page: 1, limit: PAGE_SIZE }));
  const [overview, projects, orders, allocations, releases] = await Promise.all([
    loadOr<IeoOverview>(() => ieoApi.overview(), { now: Date.now(), coins: [], sale_balances: [] }),
    loadOr(() => ieoApi.projects(projectQuery), emptyPage<IeoProjectRow>(projectQuery)),
    loadOr(() => ieoApi.orders(orderQuery), emptyPage<IeoOrderRow>(orderQuery)),
    runs('ieo.allocate'),
    runs('ieo.release'),
  ]);
  return { overview, projects, orders, orderQuery, runs: { allocate: allocations, release: releases } };
}

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const LINK = /^(https?:\/\/[^\s<>"]+)?$/i;
const msOfLocal = (value: string | undefined) => (value ? new Date(value).getTime() : undefined);
const localOfMs = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : localOfIso(new Date(ms).toISOString()));

type ProjectForm = Omit<IeoProjectSave, 'id' | 'start_at' | 'end_at' | 'listing_at' | 'amount_max_per_user'> & {
  amount_max_per_user?: string;
  start_at: string;
  end_at: string;
  listing_at?: string;
};

function TokenModal({ price, onCreated, onClose }: { price: string; onCreated: (coin: IeoCoin) => void; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<{ name: string; full_name: string; decimals: number; reference_price: string }>();
  const submit = async (values: { name: string; full_name: string; decimals: number; reference_price: string }) => {
    let created: IeoCoin | undefined;
    const done = await save(async () => {
      created = await ieoApi.createToken({ ...values, name: values.name.trim().toUpperCase(), reference_price: values.reference_price.trim() });
    });
    if (done && created) onCreated(created);
  };
  return (
    <FormModal form={form} title={t('ieo.newToken')} onClose={onClose}>
      <Alert type="info" showIcon title={t('ieo.tokenHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ decimals: 8, reference_price: price }} onFinish={submit}>
        <Form.Item name="name" label={t('ieo.tokenName')} rules={[{ required: true, pattern: /^[A-Za-z0-9]{2,10}$/, message: t('ieo.tokenNameInvalid') }]}>
          <Input aria-label={t('ieo.tokenName')} maxLength={10} />
        </Form.Item>
        <Form.Item name="full_name" label={t('ieo.tokenFullName')} rules={[{ required: true, message: t('ieo.required') }]}>
          <Input aria-label={t('ieo.tokenFullName')} maxLength={50} />
        </Form.Item>
        <Form.Item name="decimals" label={t('ieo.tokenDecimals')}>
          <InputNumber aria-label={t('ieo.tokenDecimals')} min={0} max={18} precision={0} />
        </Form.Item>
        <Form.Item name="reference_price" label={t('ieo.tokenReferencePrice')} rules={[{ required: true, pattern: AMOUNT, message: t('markets.numberInvalid') }]}>
          <Input aria-label={t('ieo.tokenReferencePrice')} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function ProjectModal({ row, overview, onClose }: { row: IeoProjectRow | null; overview: IeoOverview; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<ProjectForm>();
  const [tokenOpen, setTokenOpen] = useState(false);
  // Once users can subscribe, only the switch, description and links may change (the server says so too).
  const started = row !== null && overview.now >= row.start_at;
  const usdt = overview.coins.find((c) => c.name === 'USDT')?.id;
  const coinOptions = overview.coins.map((c) => ({ value: c.id, label: c.enabled ? c.name : `${c.name} · ${t('markets.off')}` }));
  const initial: Partial<ProjectForm> = row
    ? {
        name: row.name,
        description: row.description,
        currency_id: row.currency_id,
        pay_currency_id: row.pay_currency_id,
        price: row.price,
        total_issuance: row.total_issuance,
        amount_min: row.amount_min,
        amount_max_per_user: row.amount_max_per_user ?? '',
        white_paper: row.white_paper,
        website: row.website,
        lock_days: row.lock_days,
        start_at: localOfMs(row.start_at),
        end_at: localOfMs(row.end_at),
        listing_at: localOfMs(row.listing_at),
        enabled: row.enabled,
      }
    : { description: '', pay_currency_id: usdt, lock_days: 0, white_paper: '', website: '', enabled: true, amount_max_per_user: '' };

  const submit = async (values: ProjectForm) => {
    const input: IeoProjectSave = {
      id: row?.id,
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      currency_id: values.currency_id,
      pay_currency_id: values.pay_currency_id,
      price: values.price.trim(),
      total_issuance: values.total_issuance.trim(),
      amount_min: values.amount_min.trim(),
      amount_max_per_user: values.amount_max_per_user?.trim() || undefined,
      white_paper: values.white_paper?.trim() ?? '',
      website: values.website?.trim() ?? '',
      lock_days: values.lock_days,
      start_at: msOfLocal(values.start_at)!,
      end_at: msOfLocal(values.end_at)!,
      listing_at: msOfLocal(values.listing_at),
      enabled: values.enabled,
    };
    if (await save(() => ieoApi.saveProject(input))) onClose();
  };
  const amountRule = { required: true, pattern: AMOUNT, message: t('markets.numberInvalid') };
  const linkRule = { pattern: LINK, message: t('ieo.linkInvalid') };
  return (
    <FormModal form={form} width={640} title={row ? t('ieo.editProject', { id: row.id }) : t('ieo.newProject')} onClose={onClose}>
      {started && <Alert type="warning" showIcon title={t('ieo.startedNotice')} style={{ marginBottom: 16 }} />}
      <Form<ProjectForm> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <Form.Item name="name" label={t('ieo.name')} rules={[{ required: true, max: 80, message: t('ieo.required') }]}>
          <Input aria-label={t('ieo.name')} disabled={started} maxLength={80} />
        </Form.Item>
        <Form.Item name="description" label={t('ieo.description')}>
          <Input.TextArea aria-label={t('ieo.description')} rows={3} maxLength={4000} />
        </Form.Item>
        <Flex gap="small" align="flex-end">
          <Form.Item name="currency_id" label={t('ieo.token')} rules={[{ required: true, message: t('ieo.required') }]} style={{ flex: 1 }}>
            <Select aria-label={t('ieo.token')} options={coinOptions} disabled={started} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          {!started && (
            <Form.Item>
              <Button onClick={() => setTokenOpen(true)}>{t('ieo.newToken')}</Button>
            </Form.Item>
          )}
          <Form.Item name="pay_currency_id" label={t('ieo.payCoin')} rules={[{ required: true, message: t('ieo.required') }]} style={{ flex: 1 }}>
            <Select aria-label={t('ieo.payCoin')} options={coinOptions} disabled={started} />
          </Form.Item>
        </Flex>
        <Flex gap="small">
          <Form.Item name="price" label={t('ieo.price')} rules={[amountRule]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.price')} inputMode="decimal" disabled={started} />
          </Form.Item>
          <Form.Item name="total_issuance" label={t('ieo.totalIssuance')} rules={[amountRule]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.totalIssuance')} inputMode="decimal" disabled={started} />
          </Form.Item>
        </Flex>
        <Flex gap="small">
          <Form.Item name="amount_min" label={t('ieo.amountMin')} rules={[amountRule]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.amountMin')} inputMode="decimal" disabled={started} />
          </Form.Item>
          <Form.Item name="amount_max_per_user" label={t('ieo.amountMaxPerUser')} rules={[{ pattern: AMOUNT, message: t('markets.numberInvalid') }]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.amountMaxPerUser')} inputMode="decimal" disabled={started} />
          </Form.Item>
        </Flex>
        <Flex gap="small">
          <Form.Item name="start_at" label={t('ieo.start')} rules={[{ required: true, message: t('ieo.required') }]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.start')} type="datetime-local" disabled={started} />
          </Form.Item>
          <Form.Item
            name="end_at"
            label={t('ieo.end')}
            dependencies={['start_at']}
            rules={[
              { required: true, message: t('ieo.required') },
              ({ getFieldValue }) => ({
                validator: (_, value: string) => ((msOfLocal(value) ?? 0) > (msOfLocal(getFieldValue('start_at')) ?? 0) ? Promise.resolve() : Promise.reject(new Error(t('ieo.timesInvalid')))),
              }),
            ]}
            style={{ flex: 1 }}
          >
            <Input aria-label={t('ieo.end')} type="datetime-local" disabled={started} />
          </Form.Item>
          <Form.Item name="listing_at" label={t('ieo.listing')} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.listing')} type="datetime-local" disabled={started} />
          </Form.Item>
        </Flex>
        <Form.Item name="lock_days" label={t('ieo.lockDays')} rules={[{ required: true, message: t('ieo.required') }]}>
          <InputNumber aria-label={t('ieo.lockDays')} min={0} max={3650} precision={0} disabled={started} />
        </Form.Item>
        <Flex gap="small">
          <Form.Item name="white_paper" label={t('ieo.whitePaper')} rules={[linkRule]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.whitePaper')} maxLength={500} />
          </Form.Item>
          <Form.Item name="website" label={t('ieo.website')} rules={[linkRule]} style={{ flex: 1 }}>
            <Input aria-label={t('ieo.website')} maxLength={500} />
          </Form.Item>
        </Flex>
        <Form.Item name="enabled" label={t('ieo.enabled')} valuePropName="checked">
          <Switch aria-label={t('ieo.enabled')} />
        </Form.Item>
      </Form>
      {tokenOpen && (
        <TokenModal
          price={form.getFieldValue('price') ?? ''}
          onClose={() => setTokenOpen(false)}
          onCreated={(coin) => {
            setTokenOpen(false);
            form.setFieldValue('currency_id', coin.id);
          }}
        />
      )}
    </FormModal>
  );
}

function RunsTable({ title, runs }: { title: string; runs: Page<IeoRun> }) {
  const { t } = useI18n();
  const time = useInstantText();
  const columns: TableColumnsType<IeoRun> = [
    { title: t('ieo.ranAt'), dataIndex: 'ran_at', render: time },
    { title: t('ieo.items'), dataIndex: 'items', align: 'right' },
    { title: t('ieo.runOrders'), key: 'orders', align: 'right', render: (_, run) => run.summary.orders ?? '—' },
    { title: t('ieo.runPaid'), key: 'paid', render: (_, run) => coinTotals(run.summary.paid) },
    { title: t('ieo.runCharged'), key: 'charged', render: (_, run) => coinTotals(run.summary.charged) },
    { title: t('ieo.runRefunded'), key: 'refunded', render: (_, run) => coinTotals(run.summary.refunded) },
  ];
  return (
    <>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Table<IeoRun> rowKey="id" columns={columns} dataSource={runs.data} size="small" pagination={false} />
    </>
  );
}

export function IeoPage() {
  const { overview, projects, orders, orderQuery, runs } = useLoaderData<typeof ieoLoader>();
  const { t } = useI18n();
  const time = useInstantText();
  const go = useUrlChange();
  const operator = useOperator();
  const isAdmin = operator?.role === 'admin';
  const [editing, setEditing] = useState<IeoProjectRow | null | undefined>(undefined);

  const projectColumns: TableColumnsType<IeoProjectRow> = [
    { title: 'ID', dataIndex: 'id' },
    {
      title: t('ieo.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Flex vertical>
          <span>{name}</span>
          <Flex gap={4}>
            {row.demo && <Tag>{t('ieo.demo')}</Tag>}
            {!row.enabled && <Tag color="default">{t('markets.off')}</Tag>}
          </Flex>
        </Flex>
      ),
    },
    { title: t('ieo.token'), dataIndex: 'currency' },
    {
      title: t('ieo.state'),
      dataIndex: 'state',
      render: (state: IeoProjectRow['state'], row) => (
        <Flex gap={4} wrap>
          <Tag color={state === 'in_progress' ? 'green' : state === 'warmup' ? 'gold' : 'default'}>{t(`ieo.state.${state}`)}</Tag>
          {row.allocated && <Tag color="blue">{t('ieo.allocatedTag')}</Tag>}
        </Flex>
      ),
    },
    { title: t('ieo.price'), key: 'price', align: 'right', render: (_, row) => `${row.price} ${row.pay_currency}` },
    { title: t('ieo.totalIssuance'), dataIndex: 'total_issuance', align: 'right' },
    { title: t('ieo.applied'), dataIndex: 'applied', align: 'right' },
    { title: t('ieo.passed'), dataIndex: 'passed', align: 'right' },
    { title: t('ieo.progress'), dataIndex: 'progress', render: (progress: string) => <Progress percent={Number(progress)} size="small" style={{ width: 120 }} /> },
    { title: t('ieo.orderCount'), key: 'orders', align: 'right', render: (_, row) => `${row.orders} (${row.pending_orders})` },
    { title: t('ieo.start'), dataIndex: 'start_at', render: time },
    { title: t('ieo.end'), dataIndex: 'end_at', render: time },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) => (
        <Flex gap="small">
          {isAdmin && (
            <Button size="small" aria-label={t('ieo.editProject', { id: row.id })} onClick={() => setEditing(row)}>
              {t('markets.edit')}
            </Button>
          )}
          <Button size="small" onClick={() => go({ project_id: row.id, orders_page: undefined })}>
            {t('ieo.showOrders')}
          </Button>
        </Flex>
      ),
    },
  ];

  const statusColor = { pending: 'default', allocated: 'gold', released: 'green' } as const;
  const orderColumns: TableColumnsType<IeoOrderRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('ieo.user'), key: 'user', render: (_, row) => `${row.user_id} · ${row.account}` },
    { title: t('ieo.project'), dataIndex: 'project' },
    { title: t('ieo.amount'), key: 'amount', align: 'right', render: (_, row) => `${row.amount} ${row.currency}` },
    { title: t('ieo.paid'), key: 'paid', align: 'right', render: (_, row) => `${row.paid} ${row.pay_currency}` },
    { title: t('ieo.status'), dataIndex: 'status', render: (status: IeoOrderRow['status']) => <Tag color={statusColor[status]}>{t(`ieo.status.${status}`)}</Tag> },
    { title: t('ieo.allocated'), key: 'allocated', align: 'right', render: (_, row) => (row.allocated === null ? '—' : `${row.allocated} ${row.currency}`) },
    { title: t('ieo.charged'), key: 'charged', align: 'right', render: (_, row) => (row.charged === null ? '—' : `${row.charged} ${row.pay_currency}`) },
    { title: t('ieo.refunded'), key: 'refunded', align: 'right', render: (_, row) => (row.refunded === null ? '—' : `${row.refunded} ${row.pay_currency}`) },
    { title: t('ieo.unlockAt'), dataIndex: 'unlock_at', render: time },
    { title: t('ieo.allocatedAt'), dataIndex: 'allocated_at', render: time },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('ieo.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('ieo.saleBalances')}</Typography.Text>
      <Flex gap="large" wrap>
        {overview.sale_balances.length === 0 ? <Typography.Text>{t('ieo.noSaleYet')}</Typography.Text> : overview.sale_balances.map((b) => <Statistic key={b.currency} title={b.currency} value={b.balance} />)}
      </Flex>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('ieo.projects')}</Typography.Title>
        {isAdmin && <Button onClick={() => setEditing(null)}>{t('ieo.newProject')}</Button>}
      </Flex>
      <PagedTable<IeoProjectRow> columns={projectColumns} page={projects} pageParam="page" scroll={{ x: true }} />
      <Typography.Title level={4}>{t('ieo.orders')}</Typography.Title>
      <Flex gap="small" align="center">
        <IdSearch label={t('ieo.user')} value={orderQuery.user_id} onSearch={(id) => go({ user_id: id, orders_page: undefined })} style={{ maxWidth: 240 }} />
        {orderQuery.product_id && (
          <Tag closable onClose={() => go({ project_id: undefined, orders_page: undefined })}>
            {t('ieo.filterProject', { id: orderQuery.product_id })}
          </Tag>
        )}
      </Flex>
      <PagedTable<IeoOrderRow> columns={orderColumns} page={orders} pageParam="orders_page" scroll={{ x: true }} />
      <RunsTable title={t('ieo.runs.allocate')} runs={runs.allocate} />
      <RunsTable title={t('ieo.runs.release')} runs={runs.release} />
      {editing !== undefined && <ProjectModal row={editing} overview={overview} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
