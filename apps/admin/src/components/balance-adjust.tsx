import { Button, Card, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
// The account kinds alone: the contract's index would bring every schema into the back office's bundle.
import { ACCOUNT_KINDS, type AccountKind } from '@fairex/contract/accounts';
import { adminApi, type CoinConfig } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { showError } from '../notify.ts';
import { useDecision } from '../review-queue.ts';

type AdjustForm = { currency_id: number; kind: AccountKind; amount: string; reason: string };

/** The server's rule: a signed decimal other than zero. */
const SIGNED_AMOUNT = /^-?\d+(\.\d{1,18})?$/;

/**
 * A manual credit (positive) or debit (negative) of one user account, posted by the server through
 * the ledger against the adjustments system account with the required reason. Admins only.
 */
export function BalanceAdjustCard({ userId }: { userId: number }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [form] = Form.useForm<AdjustForm>();
  const [coins, setCoins] = useState<CoinConfig[]>([]);
  const [busy, setBusy] = useState(false);

  // Every coin, disabled ones included: a correction may concern a coin no longer offered.
  useEffect(() => {
    adminApi.coins().then((config) => setCoins(config.coins), showError);
  }, []);

  const submit = async (values: AdjustForm) => {
    setBusy(true);
    const done = await decide(
      () => adminApi.adjustBalance({ user_id: userId, currency_id: values.currency_id, kind: values.kind, amount: values.amount.trim(), reason: values.reason.trim() }),
      t('adjust.done'),
    );
    setBusy(false);
    if (done) form.resetFields(['amount', 'reason']);
  };

  return (
    <Card title={t('adjust.title')}>
      <Form<AdjustForm> form={form} name="adjust" layout="vertical" requiredMark={false} initialValues={{ kind: 'spot' }} onFinish={submit} style={{ maxWidth: 520 }}>
        <Form.Item name="currency_id" label={t('adjust.currency')} rules={[{ required: true, message: t('adjust.currencyRequired') }]}>
          <Select<number> showSearch optionFilterProp="label" options={coins.map((coin) => ({ value: coin.id, label: coin.name }))} />
        </Form.Item>
        <Form.Item name="kind" label={t('adjust.kind')} rules={[{ required: true }]}>
          <Select<AccountKind> options={ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adjust.amount')}
          rules={[
            { required: true, message: t('adjust.amountInvalid') },
            {
              validator: (_, value: string | undefined) =>
                !value || (SIGNED_AMOUNT.test(value.trim()) && /[1-9]/.test(value)) ? Promise.resolve() : Promise.reject(new Error(t('adjust.amountInvalid'))),
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reason" label={t('adjust.reason')} rules={[{ required: true, whitespace: true, message: t('adjust.reasonRequired') }, { max: 500 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('adjust.submit')}
        </Button>
      </Form>
    </Card>
  );
}
