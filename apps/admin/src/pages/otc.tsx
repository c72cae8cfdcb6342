import type { OtcAdStatus, OtcMerchantStatus, OtcOrderStatus } from '@fairex/contract';
import { Button, Descriptions, Flex, Form, Image, Input, InputNumber, List, Modal, Radio, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import {
  otcApi,
  type MerchantDecision,
  type MethodSave,
  type OtcAdminAdRow,
  type OtcAdminMerchantRow,
  type OtcAdminMethodRow,
  type OtcAdminOrderDetail,
  type OtcAdminOrderRow,
  type OtcSettingsView,
} from '../api-otc.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { IdSearch, useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, listQueryOf, loadOr, positiveIntParam } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { showError } from '../notify.ts';
import { useUrlChange } from '../paging.ts';
import { useOperator } from '../use-operator.ts';

/**
 * OTC: the appeals queue (an operator reads both sides' proof and chat, then releases the coins to the
 * buyer or returns them to the seller, with a note), merchant applications and standing (approve,
 * reject, suspend, reinstate), ads (take one offline), every order, and the payment methods on offer.
 * Every decision is in the operator log; nothing here sets a price or moves coins any other way.
 */
const MERCHANT_STATUSES: OtcMerchantStatus[] = ['pending', 'approved', 'rejected', 'suspended'];
const AD_STATUSES: OtcAdStatus[] = ['online', 'closed'];
const ORDER_STATUSES: OtcOrderStatus[] = ['pending', 'paid', 'appealed', 'released', 'cancelled'];

export async function otcLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const pick = <T extends string>(list: readonly T[], name: string) => list.find((s) => s === params.get(name));
  const filters = {
    merchant_status: pick(MERCHANT_STATUSES, 'merchant_status'),
    ad_status: pick(AD_STATUSES, 'ad_status'),
    order_status: pick(ORDER_STATUSES, 'order_status'),
    user_id: positiveIntParam(params, 'user_id'),
  };
  const [appealsQuery, merchantsQuery, adsQuery, ordersQuery] = ['appeals_page', 'merchants_page', 'ads_page', 'orders_page'].map((name) => listQueryOf(params, name)) as [
    ReturnType<typeof listQueryOf>,
    ReturnType<typeof listQueryOf>,
    ReturnType<typeof listQueryOf>,
    ReturnType<typeof listQueryOf>,
  ];
  const [appeals, merchants, ads, orders, methods] = await Promise.all([
    loadOr(() => otcApi.orders({ ...appealsQuery, status: 'appealed' }), emptyPage<OtcAdminOrderRow>(appealsQuery)),
    loadOr(() => otcApi.merchants({ ...merchantsQuery, status: filters.merchant_status, user_id: filters.user_id }), emptyPage<OtcAdminMerchantRow>(merchantsQuery)),
    loadOr(() => otcApi.ads({ ...adsQuery, status: filters.ad_status, user_id: filters.user_id }), emptyPage<OtcAdminAdRow>(adsQuery)),
    loadOr(() => otcApi.orders({ ...ordersQuery, status: filters.order_status, user_id: filters.user_id }), emptyPage<OtcAdminOrderRow>(ordersQuery)),
    loadOr(() => otcApi.methods(), [] as OtcAdminMethodRow[]),
  ]);
  const settings = await loadOr<OtcSettingsView | null>(() => otcApi.settings(), null);
  return { appeals, merchants, ads, orders, methods, filters, settings };
}

/** The release time limit: an order marked paid and not released within it goes to appeal by itself (admins change it). */
function ReleaseLimit({ settings, editable }: { settings: OtcSettingsView; editable: boolean }) {
  const { t } = useI18n();
  const save = useSave();
  const [minutes, setMinutes] = useState<number | null>(settings.release_minutes);
  return (
    <Flex vertical gap="small">
      <Typography.Title level={4}>{t('otc.releaseLimit')}</Typography.Title>
      <Typography.Text type="secondary">{t('otc.releaseLimitHint', { min: settings.release_minutes_min, max: settings.release_minutes_max })}</Typography.Text>
      <Space>
        <InputNumber
          aria-label={t('otc.releaseLimit')}
          min={settings.release_minutes_min}
          max={settings.release_minutes_max}
          precision={0}
          value={minutes}
          disabled={!editable}
          onChange={(value) => setMinutes(value)}
        />
        {editable && (
          <Button type="primary" disabled={minutes === null} onClick={() => minutes !== null && void save(() => otcApi.saveSettings({ release_minutes: minutes }))}>
            {t('markets.save')}
          </Button>
        )}
      </Space>
    </Flex>
  );
}

/** Reason (or note) asked before a decision that needs one. */
function ReasonModal({ title, label, required, onSubmit, onClose }: { title: string; label: string; required: boolean; onSubmit: (reason: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async ({ reason }: { reason: string }) => {
    if (await onSubmit((reason ?? '').trim())) onClose();
  };
  return (
    <FormModal form={form} title={title} okText={t('otc.confirm')} onClose={onClose}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="reason" label={label} rules={[{ required, whitespace: true, message: t('otc.reasonRequired') }, { max: 200 }]}>
          <Input.TextArea aria-label={label} rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** One order with both sides' proof and chat; an appealed order can be decided here. */
function OrderModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const at = useInstantText();
  const save = useSave();
  const revalidator = useRevalidator();
  const operator = useOperator();
  const [detail, setDetail] = useState<OtcAdminOrderDetail | null>(null);
  const [form] = Form.useForm<{ decision: 'release' | 'return'; note: string }>();
  useEffect(() => {
    otcApi.order(id).then(setDetail, showError);
  }, [id]);
  const canDecide = detail?.order.status === 'appealed' && operator?.role !== 'support';
  const submit = async (values: { decision: 'release' | 'return'; note: string }) => {
    if (await save(() => otcApi.decideAppeal({ id, decision: values.decision, note: values.note.trim() }))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  const order = detail?.order;
  return (
    <Modal
      open
      width={820}
      title={t('otc.orderTitle', { id })}
      onCancel={onClose}
      onOk={canDecide ? () => form.submit() : onClose}
      okText={canDecide ? t('otc.decide') : t('otc.close')}
      cancelText={t('markets.cancel')}
    >
      {order && (
        <Flex vertical gap="middle">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('otc.status')}>{t(`otc.order.${order.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('otc.figures')}>{`${order.quantity} ${order.coin} · ${order.fiat_amount} ${order.fiat} @ ${order.price}`}</Descriptions.Item>
            <Descriptions.Item label={t('otc.buyer')}>{`#${order.buyer.id} ${order.buyer.account}`}</Descriptions.Item>
            <Descriptions.Item label={t('otc.seller')}>{`#${order.seller.id} ${order.seller.account}`}</Descriptions.Item>
            <Descriptions.Item label={t('otc.createdAt')}>{at(order.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('otc.paidAt')}>{at(order.paid_at)}</Descriptions.Item>
            <Descriptions.Item label={t('otc.paymentDetails')} span={2}>
              {order.payment_details.map((d) => (
                <div key={d.method_id}>
                  {d.name}: {Object.values(d.fields).join(' · ')} {order.paid_method_id === d.method_id && <Tag color="blue">{t('otc.paidWith')}</Tag>}
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('otc.proof')} span={2}>
              {order.proof ? <Image src={order.proof} alt={t('otc.proof')} width={160} /> : '—'}
            </Descriptions.Item>
            {order.appeal && (
              <Descriptions.Item label={t('otc.appeal')} span={2}>
                {order.appeal.automatic ? t('otc.automaticAppeal') : `${t(`otc.side.${order.appeal.by}`)}: ${order.appeal.reason}`}
                {order.appeal.decision && ` → ${t(`otc.decision.${order.appeal.decision}`)} (${order.appeal.note ?? ''})`}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5}>{t('otc.chat')}</Typography.Title>
          <List
            size="small"
            bordered
            locale={{ emptyText: t('otc.noMessages') }}
            dataSource={detail.messages}
            renderItem={(m) => (
              <List.Item>
                <Space orientation="vertical" size={0}>
                  <Typography.Text type="secondary">
                    {t(`otc.author.${m.author}`)} · {at(m.created_at)}
                  </Typography.Text>
                  {m.body && <span>{m.body}</span>}
                  {m.image && <Image src={m.image} alt={t('otc.image')} width={120} />}
                </Space>
              </List.Item>
            )}
          />
          {canDecide && (
            <Form form={form} layout="vertical" requiredMark={false} initialValues={{ decision: 'release', note: '' }} onFinish={submit}>
              <Form.Item name="decision" label={t('otc.decision')}>
                <Radio.Group
                  aria-label={t('otc.decision')}
                  options={[
                    { value: 'release', label: t('otc.decision.release') },
                    { value: 'return', label: t('otc.decision.return') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="note" label={t('otc.note')} rules={[{ required: true, whitespace: true, message: t('otc.reasonRequired') }, { max: 200 }]}>
                <Input.TextArea aria-label={t('otc.note')} rows={3} maxLength={200} />
              </Form.Item>
            </Form>
          )}
        </Flex>
      )}
    </Modal>
  );
}

function MethodModal({ row, onClose }: { row: OtcAdminMethodRow | null; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<MethodSave>();
  const submit = async (values: MethodSave) => {
    if (await save(() => otcApi.saveMethod({ id: row?.id, name: values.name.trim(), enabled: values.enabled, sort: Number(values.sort) }))) {
      onClose();
      void revalidator.revalidate();
    }
  };
  return (
    <FormModal form={form} title={row ? t('otc.editMethod', { name: row.name }) : t('otc.addMethod')} onClose={onClose}>
      <Form<MethodSave> form={form} layout="vertical" requiredMark={false} initialValues={row ?? { name: '', enabled: true, sort: 10 }} onFinish={submit}>
        <Form.Item name="name" label={t('otc.methodName')} rules={[{ required: true, whitespace: true, max: 40 }]} extra={row && row.kind !== 'account' ? t('otc.cardNameHint') : undefined}>
          <Input aria-label={t('otc.methodName')} maxLength={40} disabled={row !== null && row.kind !== 'account'} />
        </Form.Item>
        <Form.Item name="sort" label={t('otc.sort')}>
          <InputNumber aria-label={t('otc.sort')} min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('symbols.enabled')} valuePropName="checked">
          <Switch aria-label={t('symbols.enabled')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

type Pending = { title: string; label: string; required: boolean; run: (reason: string) => Promise<unknown> };

export function OtcPage() {
  const { appeals, merchants, ads, orders, methods, filters, settings } = useLoaderData<typeof otcLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const go = useUrlChange();
  const save = useSave();
  const operator = useOperator();
  const decides = operator?.role === 'admin' || operator?.role === 'reviewer';
  const [viewing, setViewing] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [method, setMethod] = useState<OtcAdminMethodRow | null | undefined>(undefined);

  const decideMerchant = (row: OtcAdminMerchantRow, decision: MerchantDecision) => {
    const run = (reason: string) => otcApi.decideMerchant({ id: row.id, decision, reason });
    if (decision === 'reject' || decision === 'suspend') setPending({ title: t(`otc.merchant.${decision}Title`, { name: row.name }), label: t('otc.reason'), required: true, run });
    else void save(() => run(''));
  };

  const orderColumns: TableColumnsType<OtcAdminOrderRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('otc.buyer'), key: 'buyer', render: (_, o) => `#${o.buyer.id} ${o.buyer.account}` },
    { title: t('otc.seller'), key: 'seller', render: (_, o) => `#${o.seller.id} ${o.seller.account}` },
    { title: t('otc.figures'), key: 'figures', render: (_, o) => `${o.quantity} ${o.coin} · ${o.fiat_amount} ${o.fiat}` },
    { title: t('otc.price'), dataIndex: 'price', align: 'right' },
    { title: t('otc.status'), dataIndex: 'status', render: (s: OtcOrderStatus) => <Tag color={s === 'appealed' ? 'red' : s === 'released' ? 'green' : undefined}>{t(`otc.order.${s}`)}</Tag> },
    { title: t('otc.createdAt'), dataIndex: 'created_at', render: at },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, o) => (
        <Button aria-label={t('otc.viewOrder', { id: o.id })} onClick={() => setViewing(o.id)}>
          {o.status === 'appealed' && decides ? t('otc.decide') : t('otc.view')}
        </Button>
      ),
    },
  ];
  const merchantColumns: TableColumnsType<OtcAdminMerchantRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('otc.merchantName'), key: 'name', render: (_, m) => <Space>{m.name}{m.demo && <Tag>{t('otc.demo')}</Tag>}</Space> },
    { title: t('otc.user'), key: 'user', render: (_, m) => `#${m.user_id} ${m.account}` },
    { title: t('otc.status'), dataIndex: 'status', render: (s: OtcMerchantStatus) => <Tag color={s === 'approved' ? 'green' : s === 'pending' ? 'gold' : undefined}>{t(`otc.merchant.${s}`)}</Tag> },
    { title: t('otc.completed'), dataIndex: 'completed_orders', align: 'right' },
    { title: t('otc.completionRate'), dataIndex: 'completion_rate', align: 'right', render: (v: string | null) => (v === null ? '—' : `${v}%`) },
    { title: t('otc.avgRelease'), dataIndex: 'avg_release_seconds', align: 'right', render: (v: number | null) => (v === null ? '—' : t('otc.seconds', { n: v })) },
    { title: t('otc.onlineAds'), dataIndex: 'online_ads', align: 'right' },
    { title: t('otc.appliedAt'), dataIndex: 'applied_at', render: at },
    { title: t('otc.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, m) =>
        decides && (
          <Space>
            {m.status === 'pending' && (
              <>
                <Button aria-label={t('otc.merchant.approveOf', { name: m.name })} type="primary" onClick={() => decideMerchant(m, 'approve')}>
                  {t('otc.merchant.approve')}
                </Button>
                <Button aria-label={t('otc.merchant.rejectOf', { name: m.name })} onClick={() => decideMerchant(m, 'reject')}>
                  {t('otc.merchant.reject')}
                </Button>
              </>
            )}
            {m.status === 'approved' && (
              <Button danger aria-label={t('otc.merchant.suspendOf', { name: m.name })} onClick={() => decideMerchant(m, 'suspend')}>
                {t('otc.merchant.suspend')}
              </Button>
            )}
            {m.status === 'suspended' && (
              <Button aria-label={t('otc.merchant.reinstateOf', { name: m.name })} onClick={() => decideMerchant(m, 'reinstate')}>
                {t('otc.merchant.reinstate')}
              </Button>
            )}
          </Space>
        ),
    },
  ];
  const adColumns: TableColumnsType<OtcAdminAdRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('otc.merchantName'), key: 'merchant', render: (_, a) => <Space>{`${a.merchant.name} (#${a.user_id})`}{a.demo && <Tag>{t('otc.demo')}</Tag>}</Space> },
    { title: t('otc.side'), dataIndex: 'side', render: (s: 'buy' | 'sell') => <Tag color={s === 'sell' ? 'red' : 'green'}>{t(`otc.adSide.${s}`)}</Tag> },
    { title: t('otc.market'), key: 'market', render: (_, a) => `${a.coin}/${a.fiat}` },
    { title: t('otc.price'), key: 'price', align: 'right', render: (_, a) => (a.price_type === 'floating' ? `${a.price} (${t('otc.margin')} ${a.margin})` : a.price) },
    { title: t('otc.remaining'), key: 'remaining', align: 'right', render: (_, a) => `${a.remaining} / ${a.quantity}` },
    { title: t('otc.limits'), key: 'limits', render: (_, a) => `${a.min_fiat} – ${a.max_fiat} ${a.fiat}` },
    { title: t('otc.payMinutes'), dataIndex: 'pay_minutes', align: 'right' },
    { title: t('otc.status'), key: 'status', render: (_, a) => (a.status === 'online' ? <Tag color="green">{t('otc.ad.online')}</Tag> : `${t('otc.ad.closed')} (${a.closed_by ?? ''})`) },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, a) =>
        decides &&
        a.status === 'online' && (
          <Button
            danger
            aria-label={t('otc.closeAdOf', { id: a.id })}
            onClick={() => setPending({ title: t('otc.closeAdOf', { id: a.id }), label: t('otc.reason'), required: true, run: (reason) => otcApi.closeAd({ id: a.id, reason }) })}
          >
            {t('otc.closeAd')}
          </Button>
        ),
    },
  ];
  const methodColumns: TableColumnsType<OtcAdminMethodRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('otc.methodName'), dataIndex: 'name' },
    { title: t('otc.methodKind'), dataIndex: 'kind', render: (k: OtcAdminMethodRow['kind']) => t(`otc.methodKind.${k}`) },
    { title: t('otc.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('symbols.enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? <Tag color="green">{t('otc.on')}</Tag> : <Tag>{t('otc.off')}</Tag>) },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, m) =>
        operator?.role === 'admin' && (
          <Button aria-label={t('otc.editMethod', { name: m.name })} onClick={() => setMethod(m)}>
            {t('markets.edit')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('otc.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('otc.intro')}</Typography.Text>

      <Typography.Title level={4}>{t('otc.appeals')}</Typography.Title>
      <Typography.Text type="secondary">{t('otc.appealsHint')}</Typography.Text>
      <PagedTable<OtcAdminOrderRow> columns={orderColumns} page={appeals} pageParam="appeals_page" scroll={{ x: true }} locale={{ emptyText: t('otc.noAppeals') }} />

      <Space wrap>
        <IdSearch label={t('otc.user')} value={filters.user_id} onSearch={(id) => go({ user_id: id, merchants_page: undefined, ads_page: undefined, orders_page: undefined })} style={{ width: 200 }} />
      </Space>

      <Typography.Title level={4}>{t('otc.merchants')}</Typography.Title>
      <Select
        aria-label={t('otc.merchantStatus')}
        placeholder={t('otc.merchantStatus')}
        allowClear
        value={filters.merchant_status}
        onChange={(value?: OtcMerchantStatus) => go({ merchant_status: value, merchants_page: undefined })}
        options={MERCHANT_STATUSES.map((value) => ({ value, label: t(`otc.merchant.${value}`) }))}
        style={{ width: 200 }}
      />
      <PagedTable<OtcAdminMerchantRow> columns={merchantColumns} page={merchants} pageParam="merchants_page" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('otc.ads')}</Typography.Title>
      <Select
        aria-label={t('otc.adStatus')}
        placeholder={t('otc.adStatus')}
        allowClear
        value={filters.ad_status}
        onChange={(value?: OtcAdStatus) => go({ ad_status: value, ads_page: undefined })}
        options={AD_STATUSES.map((value) => ({ value, label: t(`otc.ad.${value}`) }))}
        style={{ width: 200 }}
      />
      <PagedTable<OtcAdminAdRow> columns={adColumns} page={ads} pageParam="ads_page" scroll={{ x: true }} />

      <Typography.Title level={4}>{t('otc.orders')}</Typography.Title>
      <Select
        aria-label={t('otc.orderStatus')}
        placeholder={t('otc.orderStatus')}
        allowClear
        value={filters.order_status}
        onChange={(value?: OtcOrderStatus) => go({ order_status: value, orders_page: undefined })}
        options={ORDER_STATUSES.map((value) => ({ value, label: t(`otc.order.${value}`) }))}
        style={{ width: 200 }}
      />
      <PagedTable<OtcAdminOrderRow> columns={orderColumns} page={orders} pageParam="orders_page" scroll={{ x: true }} />

      <Flex justify="space-between" align="center">
        <Typography.Title level={4}>{t('otc.methods')}</Typography.Title>
        {operator?.role === 'admin' && <Button onClick={() => setMethod(null)}>{t('otc.addMethod')}</Button>}
      </Flex>
      <Table<OtcAdminMethodRow> rowKey="id" columns={methodColumns} dataSource={methods} pagination={false} size="small" />

      {settings && <ReleaseLimit key={settings.release_minutes} settings={settings} editable={operator?.role === 'admin'} />}

      {viewing && <OrderModal id={viewing} onClose={() => setViewing(null)} />}
      {pending && <ReasonModal title={pending.title} label={pending.label} required={pending.required} onSubmit={(reason) => save(() => pending.run(reason))} onClose={() => setPending(null)} />}
      {method !== undefined && <MethodModal row={method} onClose={() => setMethod(undefined)} />}
    </Flex>
  );
}
