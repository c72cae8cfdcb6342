import { Button, Flex, Form, Input, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminApi, type FiatRateRow } from '../api.ts';
import { FormModal } from '../components/form-modal.tsx';
import { useI18n } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { useSave } from '../markets-admin.ts';

/** The fiat rates the app converts with (GET /apis/US.json); admins only. */
export const fiatRatesLoader = (): Promise<FiatRateRow[]> => loadOr(() => adminApi.fiatRates(), []);

/** The base currency: its rate is 1 by definition, so it is not editable. */
const BASE = 'USD';
const RATE = /^\d{1,18}(\.\d{1,18})?$/;

function RateModal({ row, onClose }: { row: FiatRateRow; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<{ rate: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ rate }: { rate: string }) => {
    setBusy(true);
    const done = await save(() => adminApi.editFiatRate(row.currency_code, rate.trim()));
    setBusy(false);
    if (done) onClose();
  };
  return (
    <FormModal form={form} title={t('fiat.editTitle', { currency: row.currency_code })} okButtonProps={{ loading: busy }} onClose={onClose}>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ rate: row.rate }} onFinish={submit}>
        <Form.Item name="rate" label={t('fiat.rate')} rules={[{ required: true, pattern: RATE, message: t('markets.numberInvalid') }]}>
          <Input aria-label={t('fiat.rate')} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function FiatRatesPage() {
  const rows = useLoaderData<typeof fiatRatesLoader>();
  const { t, formatTime } = useI18n();
  const [editing, setEditing] = useState<FiatRateRow | null>(null);
  const columns: TableColumnsType<FiatRateRow> = [
    { title: t('fiat.currency'), dataIndex: 'currency_code' },
    { title: t('fiat.rate'), dataIndex: 'rate', align: 'right' },
    { title: t('fiat.updated'), dataIndex: 'updated_at', render: formatTime },
    {
      title: t('markets.actions'),
      key: 'edit',
      render: (_, row) =>
        row.currency_code === BASE ? null : (
          <Button aria-label={t('fiat.editTitle', { currency: row.currency_code })} onClick={() => setEditing(row)}>
            {t('markets.edit')}
          </Button>
        ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('fiat.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('fiat.hint')}</Typography.Paragraph>
      <Table<FiatRateRow> rowKey="currency_code" columns={columns} dataSource={rows} pagination={false} size="small" />
      {editing && <RateModal row={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
