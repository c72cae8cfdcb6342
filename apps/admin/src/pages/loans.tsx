import type { LoanPoolAccount, LoanStatus } from '@fairex/contract';
import { isPositive, mul } from '@fairex/contract/money';
import { loanLtvPercent } from '@fairex/contract/rules';
import { Button, Flex, Form, Input, InputNumber, Select, Space, Statistic, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loansApi, type AdminLoanRow, type LoanOverview, type LoanProductRow, type LoanProductSave } from '../api-loans.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { useEnabledColumn } from '../components/review-cells.tsx';
import { IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { useUrlChange } from '../paging.ts';

/**
 * Loans: the lending pool and its reserve (an admin moves equity into either through the ledger), what
 * open loans owe and pledge, the products (created and edited by admins), the loans with their LTV at the
 * index now (open ones riskiest first) and the liquidations with the tick each used. Nothing here writes
 * a loan, a charge, a margin call or a liquidation.
 */
const STATUSES: LoanStatus[] = ['open', 'repaid', 'liquidated'];
const ACCOUNTS: LoanPoolAccount[] = ['loans', 'loan_reserve'];
const LTV = /^0\.\d{1,4}$/;
const RATE = /^\d(\.\d{1,8})?$/;
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const percent = (fraction: string) => `${mul(fraction, 100)}%`;

export async function loansLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = pageQueryOf(request);
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'open';
  const filters = { user_id: positiveIntParam(params, 'user_id'), status };
  const liquidationQuery = listQueryOf(params, 'liquidations_page');
  const [overview, loans, liquidations] = await Promise.all([
    loadOr<LoanOverview>(() => loansApi.overview(), { products: [], coins: [], pool: [], lent: [], pledged: [] }),
    loadOr(() => loansApi.loans({ ...query, ...filters }), emptyPage<AdminLoanRow>(query)),
    loadOr(() => loansApi.liquidations(liquidationQuery), emptyPage<AdminLoanRow>(liquidationQuery)),
  ]);
  return { overview, loans, liquidations, filters };
}

type ProductForm = Omit<LoanProductSave, 'amount_max' | 'terms'> & { amount_max?: string; terms: string };

function ProductModal({ row, coins, onClose }: { row: LoanProductRow | null; coins: LoanOverview['coins']; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<ProductForm>();
  const usdt = coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id ?? 1;
  const initial: ProductForm = row
    ? { ...row, amount_max: row.amount_max ?? '', terms: row.terms.join(',') }
    : {
        name_en: '',
        name_zh: '',
        currency_id: usdt,
        collateral_currency_ids: [],
        initial_ltv: '0.65',
        margin_call_ltv: '0.75',
        liquidation_ltv: '0.85',
        daily_rate: '0.0005',
        terms: '0,7,30',
        amount_min: '100',
        amount_max: '',
        enabled: true,
        sort: 0,
      };
  const submit = async (values: ProductForm) => {
    const input: LoanProductSave = {
      ...values,
      id: row?.id,
      sort: Number(values.sort),
      terms: values.terms
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
      amount_max: values.amount_max?.trim() ? values.amount_max.trim() : undefined,
    };
    if (await save(() => loansApi.saveProduct(input))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  const ltvRules = [{ required: true, pattern: LTV, message: t('loans.ltvInvalid') }];
  return (
    <FormModal form={form} title={row ? t('loans.editProduct', { id: row.id }) : t('loans.addProduct')} onClose={onClose}>
      <Form<ProductForm> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <Form.Item name="name_en" label={t('loans.nameEn')} rules={[{ required: true, message: t('loans.nameRequired') }]}>
          <Input aria-label={t('loans.nameEn')} maxLength={80} />
        </Form.Item>
        <Form.Item name="name_zh" label={t('loans.nameZh')}>
          <Input aria-label={t('loans.nameZh')} maxLength={80} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('loans.loanCoin')} rules={[{ required: true }]}>
          <Select aria-label={t('loans.loanCoin')} options={coins.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="collateral_currency_ids" label={t('loans.collaterals')} rules={[{ required: true }]} extra={t('loans.collateralsHint')}>
          <Select aria-label={t('loans.collaterals')} mode="multiple" options={coins.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="initial_ltv" label={t('loans.initialLtv')} rules={ltvRules} extra={t('loans.ltvHint')}>
          <Input aria-label={t('loans.initialLtv')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="margin_call_ltv" label={t('loans.marginCallLtv')} rules={ltvRules}>
          <Input aria-label={t('loans.marginCallLtv')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="liquidation_ltv" label={t('loans.liquidationLtv')} rules={ltvRules}>
          <Input aria-label={t('loans.liquidationLtv')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="daily_rate" label={t('loans.dailyRate')} rules={[{ required: true, pattern: RATE, message: t('loans.rateInvalid') }]} extra={t('loans.dailyRateHint')}>
          <Input aria-label={t('loans.dailyRate')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="terms" label={t('loans.terms')} rules={[{ required: true, pattern: /^\d{1,3}(\s*,\s*\d{1,3})*$/, message: t('loans.numberInvalid') }]} extra={t('loans.termsHint')}>
          <Input aria-label={t('loans.terms')} />
        </Form.Item>
        <Form.Item name="amount_min" label={t('loans.amountMin')} rules={[{ required: true, pattern: AMOUNT, message: t('loans.numberInvalid') }]}>
          <Input aria-label={t('loans.amountMin')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="amount_max" label={t('loans.amountMax')} rules={[{ pattern: AMOUNT, message: t('loans.numberInvalid') }]} extra={t('loans.amountMaxHint')}>
          <Input aria-label={t('loans.amountMax')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="sort" label={t('loans.sort')}>
          <InputNumber aria-label={t('loans.sort')} min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('loans.enabled')} valuePropName="checked">
          <Switch aria-label={t('loans.enabled')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function FundModal({ coins, onClose }: { coins: LoanOverview['coins']; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<{ account: LoanPoolAccount; currency_id: number; amount: string }>();
  const submit = async (values: { account: LoanPoolAccount; currency_id: number; amount: string }) => {
    if (await save(() => loansApi.fundPool({ ...values, amount: values.amount.trim() }))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  return (
    <FormModal form={form} title={t('loans.fundTitle')} okText={t('loans.fund')} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('loans.poolHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ account: 'loans', currency_id: coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id, amount: '' }} onFinish={submit}>
        <Form.Item name="account" label={t('loans.account')} rules={[{ required: true }]}>
          <Select aria-label={t('loans.account')} options={ACCOUNTS.map((value) => ({ value, label: t(`loans.account.${value}`) }))} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('loans.coin')} rules={[{ required: true }]}>
          <Select aria-label={t('loans.coin')} options={coins.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="amount" label={t('loans.amount')} rules={[{ required: true, pattern: AMOUNT, message: t('loans.numberInvalid') }]}>
          <Input aria-label={t('loans.amount')} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function LoansPage() {
  const { overview, loans, liquidations, filters } = useLoaderData<typeof loansLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const go = useUrlChange();
  const [editing, setEditing] = useState<LoanProductRow | null | undefined>(undefined);
  const [funding, setFunding] = useState(false);
  const enabledColumn = useEnabledColumn<LoanProductRow>();
  const termText = (days: number) => (days === 0 ? t('loans.flexible') : String(days));

  const productColumns: TableColumnsType<LoanProductRow> = [
    { title: 'ID', dataIndex: 'id' },
    {
      title: t('loans.name'),
      key: 'name',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.name_en}</span>
          {row.name_zh && <Typography.Text type="secondary">{row.name_zh}</Typography.Text>}
          {row.demo && <Tag>{t('loans.demo')}</Tag>}
        </Space>
      ),
    },
    { title: t('loans.loanCoin'), dataIndex: 'currency' },
    { title: t('loans.collaterals'), key: 'collaterals', render: (_, row) => row.collaterals.map((c) => <Tag key={c.currency_id}>{c.symbol}</Tag>) },
    { title: t('loans.initialLtv'), dataIndex: 'initial_ltv', align: 'right', render: percent },
    { title: t('loans.marginCallLtv'), dataIndex: 'margin_call_ltv', align: 'right', render: percent },
    { title: t('loans.liquidationLtv'), dataIndex: 'liquidation_ltv', align: 'right', render: percent },
    { title: t('loans.dailyRate'), dataIndex: 'daily_rate', align: 'right', render: percent },
    { title: t('loans.terms'), dataIndex: 'terms', render: (terms: number[]) => terms.map(termText).join(', ') },
    { title: t('loans.amountMin'), dataIndex: 'amount_min', align: 'right' },
    { title: t('loans.amountMax'), dataIndex: 'amount_max', align: 'right', render: (v: string | null) => v ?? t('loans.noLimit') },
    { title: t('loans.openLoans'), dataIndex: 'open_loans', align: 'right' },
    { title: t('loans.principalOutstanding'), dataIndex: 'principal_outstanding', align: 'right' },
    enabledColumn,
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button aria-label={t('loans.editProduct', { id: row.id })} onClick={() => setEditing(row)}>
          {t('markets.edit')}
        </Button>
      ),
    },
  ];
  const loanColumns: TableColumnsType<AdminLoanRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('loans.user'), dataIndex: 'user_id' },
    { title: t('loans.loan'), key: 'loan', render: (_, row) => `${row.name} · ${row.borrowed} ${row.currency}` },
    { title: t('loans.debt'), key: 'debt', align: 'right', render: (_, row) => `${row.debt} ${row.currency}` },
    { title: t('loans.collateral'), key: 'collateral', align: 'right', render: (_, row) => `${row.collateral} ${row.collateral_currency}` },
    { title: t('loans.index'), key: 'index', align: 'right', render: (_, row) => (row.price ? `${row.symbol} ${row.price}` : '—') },
    {
      title: t('loans.ltv'),
      key: 'ltv',
      align: 'right',
      render: (_, row) =>
        row.ltv === null ? '—' : <Tag color={Number(row.ltv) >= Number(row.liquidation_ltv) ? 'red' : Number(row.ltv) >= Number(row.margin_call_ltv) ? 'orange' : 'green'}>{loanLtvPercent(row.ltv)}%</Tag>,
    },
    { title: `${t('loans.marginCallLtv')} / ${t('loans.liquidationLtv')}`, key: 'levels', render: (_, row) => `${percent(row.margin_call_ltv)} / ${percent(row.liquidation_ltv)}` },
    {
      title: t('loans.status'),
      key: 'status',
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={row.status === 'open' ? 'green' : row.status === 'liquidated' ? 'red' : undefined}>{t(`loans.status.${row.status}`)}</Tag>
          {row.margin_called_at !== null && <Tag color="orange">{t('loans.marginCalled')}</Tag>}
          {row.overdue && <Tag color="red">{t('loans.overdue')}</Tag>}
        </Space>
      ),
    },
    { title: t('loans.term'), dataIndex: 'term_days', render: termText },
    { title: t('loans.borrowedAt'), dataIndex: 'borrowed_at', render: at },
    { title: t('loans.dueAt'), dataIndex: 'due_at', render: (v: number | null) => (v === null ? '—' : at(v)) },
  ];
  const liquidationColumns: TableColumnsType<AdminLoanRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('loans.user'), dataIndex: 'user_id' },
    { title: t('loans.reason'), key: 'reason', render: (_, row) => row.liquidation && t(`loans.reason.${row.liquidation.reason}`) },
    { title: t('loans.tick'), key: 'tick', render: (_, row) => row.liquidation?.tick_id },
    { title: t('loans.price'), key: 'price', align: 'right', render: (_, row) => row.liquidation && `${row.symbol} ${row.liquidation.price}` },
    { title: t('loans.ltv'), key: 'ltv', align: 'right', render: (_, row) => row.liquidation && `${loanLtvPercent(row.liquidation.ltv)}%` },
    { title: t('loans.debt'), key: 'debt', align: 'right', render: (_, row) => row.liquidation && `${row.liquidation.debt} ${row.currency}` },
    { title: t('loans.sold'), key: 'sold', align: 'right', render: (_, row) => row.liquidation && `${row.liquidation.collateral_sold} ${row.collateral_currency}` },
    { title: t('loans.returned'), key: 'returned', align: 'right', render: (_, row) => row.liquidation && `${row.liquidation.collateral_returned} ${row.collateral_currency}` },
    {
      title: t('loans.shortfall'),
      key: 'shortfall',
      align: 'right',
      render: (_, row) => row.liquidation && (isPositive(row.liquidation.shortfall) ? <Typography.Text type="danger">{`${row.liquidation.shortfall} ${row.currency}`}</Typography.Text> : '0'),
    },
    { title: t('loans.reserveCovered'), key: 'reserve', align: 'right', render: (_, row) => row.liquidation?.reserve_covered },
    { title: t('loans.liquidatedAt'), key: 'at', render: (_, row) => row.liquidation && at(row.liquidation.liquidated_at) },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('loans.title')}</Typography.Title>

      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('loans.poolTitle')}</Typography.Title>
        <Button onClick={() => setFunding(true)}>{t('loans.fund')}</Button>
      </Flex>
      <Typography.Text type="secondary">{t('loans.poolHint')}</Typography.Text>
      <Space size="large" wrap>
        {overview.pool.map((b) => (
          <Statistic key={`${b.account}:${b.currency}`} title={t('loans.balanceOf', { account: t(`loans.account.${b.account}`), coin: b.currency })} value={b.balance} />
        ))}
      </Space>
      {overview.lent.map((l) => (
        <Typography.Text key={l.currency}>{t('loans.lent', { coin: l.currency, loans: l.loans, principal: l.principal, interest: l.interest })}</Typography.Text>
      ))}
      {overview.pledged.map((p) => (
        <Typography.Text key={p.currency}>{t('loans.pledged', { coin: p.currency, collateral: p.collateral })}</Typography.Text>
      ))}

      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('loans.products')}</Typography.Title>
        <Button onClick={() => setEditing(null)}>{t('loans.addProduct')}</Button>
      </Flex>
      <Table<LoanProductRow> rowKey="id" columns={productColumns} dataSource={overview.products} pagination={false} size="small" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('loans.loans')}</Typography.Title>
      <Typography.Text type="secondary">{t('loans.loansHint')}</Typography.Text>
      <Space wrap>
        <IdSearch label={t('loans.user')} value={filters.user_id} onSearch={(id) => go({ user_id: id, page: undefined })} style={{ width: 200 }} />
        <Select
          aria-label={t('loans.status')}
          value={filters.status}
          onChange={(value: LoanStatus) => go({ status: value, page: undefined })}
          options={STATUSES.map((value) => ({ value, label: t(`loans.status.${value}`) }))}
          style={{ width: 160 }}
        />
      </Space>
      <PagedTable<AdminLoanRow> columns={loanColumns} page={loans} pageParam="page" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('loans.liquidations')}</Typography.Title>
      <Typography.Text type="secondary">{t('loans.liquidationsHint')}</Typography.Text>
      <PagedTable<AdminLoanRow> columns={liquidationColumns} page={liquidations} pageParam="liquidations_page" scroll={{ x: true }} />

      {editing !== undefined && <ProductModal row={editing} coins={overview.coins} onClose={() => setEditing(undefined)} />}
      {funding && <FundModal coins={overview.coins} onClose={() => setFunding(false)} />}
    </Flex>
  );
}
