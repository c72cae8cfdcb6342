import { Button, Card, Flex, Form, Input, Modal, Result, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminApi, type CoinConfig, type FundsConfig, type NetworkConfig, type NetworkEdit } from '../api.ts';
import { amountColumn } from '../components/review-cells.tsx';
import { useI18n } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { useDecision } from '../review-queue.ts';

/** Every coin (enabled or not) with its networks, and the funds settings; admins only. */
export const coinsLoader = (): Promise<FundsConfig | null> => loadOr(() => adminApi.coins(), null);

/** Fees and minimums are decimal strings the server checks and stores exactly; never parsed here. */
const NON_NEGATIVE = /^\d+(\.\d{1,18})?$/;

type NetworkForm = { deposit_address: string; withdraw_fee: string; withdraw_min: string; deposit_min: string };

function NetworkModal({ coin, network, onClose }: { coin: CoinConfig; network: NetworkConfig; onClose: () => void }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [form] = Form.useForm<NetworkForm>();
  const [busy, setBusy] = useState(false);
  const amountRule = { pattern: NON_NEGATIVE, message: t('coins.amountInvalid') };

  const save = async (values: NetworkForm) => {
    setBusy(true);
    const edit: NetworkEdit = {
      deposit_address: values.deposit_address.trim(),
      withdraw_fee: values.withdraw_fee.trim(),
      withdraw_min: values.withdraw_min.trim(),
      deposit_min: values.deposit_min.trim(),
    };
    const done = await decide(() => adminApi.editNetwork(network.id, edit), t('coins.saved'));
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Modal
      open
      title={t('coins.editNetwork', { coin: coin.name, network: network.network })}
      okText={t('coins.save')}
      cancelText={t('review.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<NetworkForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ deposit_address: network.deposit_address, withdraw_fee: network.withdraw_fee, withdraw_min: network.withdraw_min, deposit_min: network.deposit_min }}
        onFinish={save}
      >
        <Form.Item name="deposit_address" label={t('coins.depositAddress')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="withdraw_fee" label={t('coins.withdrawFee')} rules={[{ required: true, message: t('coins.amountInvalid') }, amountRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="withdraw_min" label={t('coins.withdrawMin')} rules={[{ required: true, message: t('coins.amountInvalid') }, amountRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="deposit_min" label={t('coins.depositMin')} rules={[{ required: true, message: t('coins.amountInvalid') }, amountRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CoinCard({ coin, onEdit }: { coin: CoinConfig; onEdit: (network: NetworkConfig) => void }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [saving, setSaving] = useState<string | null>(null);
  const toggle = async (key: string, action: () => Promise<unknown>) => {
    setSaving(key);
    await decide(action, t('coins.saved'));
    setSaving(null);
  };
  const networkSwitch = (network: NetworkConfig, field: 'deposit_enabled' | 'withdraw_enabled') => {
    // Deposits need an address to send to (the server refuses too): the switch stays off and says why.
    const noAddress = field === 'deposit_enabled' && network.deposit_address === '';
    return (
      <Flex vertical gap={4}>
        <Switch
          aria-label={t(field === 'deposit_enabled' ? 'coins.depositSwitch' : 'coins.withdrawSwitch', { coin: coin.name, network: network.network })}
          checked={network[field]}
          disabled={noAddress && !network[field]}
          loading={saving === `${network.id}:${field}`}
          onChange={(checked) => toggle(`${network.id}:${field}`, () => adminApi.editNetwork(network.id, { [field]: checked }))}
        />
        {noAddress && <Typography.Text type="secondary">{t('coins.noAddress')}</Typography.Text>}
      </Flex>
    );
  };

  const columns: TableColumnsType<NetworkConfig> = [
    { title: t('coins.network'), dataIndex: 'network', width: 110 },
    {
      title: t('coins.depositAddress'),
      dataIndex: 'deposit_address',
      render: (address: string) => address && <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{address}</Typography.Text>,
    },
    { title: t('coins.withdrawFee'), dataIndex: 'withdraw_fee', ...amountColumn },
    { title: t('coins.withdrawMin'), dataIndex: 'withdraw_min', ...amountColumn },
    { title: t('coins.depositMin'), dataIndex: 'deposit_min', ...amountColumn },
    { title: t('coins.depositEnabled'), key: 'deposit', render: (_, network) => networkSwitch(network, 'deposit_enabled') },
    { title: t('coins.withdrawEnabled'), key: 'withdraw', render: (_, network) => networkSwitch(network, 'withdraw_enabled') },
    {
      title: t('review.actions'),
      key: 'edit',
      render: (_, network) => (
        <Button aria-label={t('coins.editNetwork', { coin: coin.name, network: network.network })} onClick={() => onEdit(network)}>
          {t('coins.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={coin.name}
      extra={
        <Flex align="center" gap="small">
          <Typography.Text>{t('coins.enabled')}</Typography.Text>
          <Switch
            aria-label={t('coins.enableCoin', { coin: coin.name })}
            checked={coin.enabled}
            loading={saving === 'coin'}
            onChange={(checked) => toggle('coin', () => adminApi.editCoin(coin.id, checked))}
          />
        </Flex>
      }
    >
      <Table<NetworkConfig> rowKey="id" columns={columns} dataSource={coin.networks} pagination={false} size="small" scroll={{ x: 'max-content' }} />
    </Card>
  );
}

type SettingsForm = { exchange_fee_rate: string; recharge_contact_first: boolean };

function FundsSettingsCard({ config }: { config: FundsConfig }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [busy, setBusy] = useState(false);
  const save = async (values: SettingsForm) => {
    setBusy(true);
    await decide(() => adminApi.editFundsSettings({ exchange_fee_rate: values.exchange_fee_rate.trim(), recharge_contact_first: values.recharge_contact_first }), t('coins.saved'));
    setBusy(false);
  };
  return (
    <Card size="small" title={t('coins.settings')}>
      <Form<SettingsForm>
        // Re-read after each save, so the form shows what the server stored.
        key={`${config.exchange_fee_rate}:${config.recharge_contact_first}`}
        layout="inline"
        initialValues={{ exchange_fee_rate: config.exchange_fee_rate, recharge_contact_first: config.recharge_contact_first }}
        onFinish={save}
      >
        <Form.Item
          name="exchange_fee_rate"
          label={t('coins.exchangeFeeRate')}
          tooltip={t('coins.exchangeFeeRateHint')}
          // Below 1 is checked on the digits: "0.xxx" only.
          rules={[{ required: true, pattern: /^0(\.\d{1,18})?$/, message: t('coins.rateInvalid') }]}
        >
          <Input inputMode="decimal" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="recharge_contact_first" label={t('coins.contactFirst')} valuePropName="checked">
          <Switch aria-label={t('coins.contactFirst')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('coins.save')}
        </Button>
      </Form>
    </Card>
  );
}

export function CoinsPage() {
  const config = useLoaderData<typeof coinsLoader>();
  const { t } = useI18n();
  const [editing, setEditing] = useState<{ coin: CoinConfig; network: NetworkConfig } | null>(null);
  if (!config) return <Result status="warning" title={t('coins.notLoaded')} />;

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('coins.title')}</Typography.Title>
      <FundsSettingsCard config={config} />
      {config.coins.map((coin) => (
        <CoinCard key={coin.id} coin={coin} onEdit={(network) => setEditing({ coin, network })} />
      ))}
      {editing && <NetworkModal coin={editing.coin} network={editing.network} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
