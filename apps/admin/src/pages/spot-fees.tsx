import { Button, Flex, Form, Input, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminApi, type SpotFeeRow } from '../api.ts';
import { FormModal } from '../components/form-modal.tsx';
import { useEnabledColumn } from '../components/review-cells.tsx';
import { useI18n } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { useSave } from '../markets-admin.ts';

/** The maker and taker fee rate of every spot symbol; admins only. */
export const spotFeesLoader = (): Promise<SpotFeeRow[]> => loadOr(() => adminApi.spotFees(), []);

/** A fraction with at most 6 decimals (0.001 = 0.1 %); the server also caps it at 10 %. */
const RATE = /^\d+(\.\d{1,6})?$/;

type FeeForm = { maker_fee_rate: string; taker_fee_rate: string };

function FeeModal({ row, onClose }: { row: SpotFeeRow; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<FeeForm>();
  const [busy, setBusy] = useState(false);
  const rateRules = [{ required: true, pattern: RATE, message: t('fees.rateInvalid') }];
  const submit = async (values: FeeForm) => {
    setBusy(true);
    const done = await save(() => adminApi.editSpotFees(row.symbol_id, values.maker_fee_rate.trim(), values.taker_fee_rate.trim()));
    setBusy(false);
    if (done) onClose();
  };
  return (
    <FormModal form={form} title={t('fees.editTitle', { symbol: row.symbol })} okButtonProps={{ loading: busy }} onClose={onClose}>
      <Form<FeeForm> form={form} layout="vertical" requiredMark={false} initialValues={{ maker_fee_rate: row.maker_fee_rate, taker_fee_rate: row.taker_fee_rate }} onFinish={submit}>
        <Typography.Paragraph type="secondary">{t('fees.hint')}</Typography.Paragraph>
        <Form.Item name="maker_fee_rate" label={t('fees.maker')} rules={rateRules}>
          <Input aria-label={t('fees.maker')} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="taker_fee_rate" label={t('fees.taker')} rules={rateRules}>
          <Input aria-label={t('fees.taker')} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function SpotFeesPage() {
  const rows = useLoaderData<typeof spotFeesLoader>();
  const { t } = useI18n();
  const [editing, setEditing] = useState<SpotFeeRow | null>(null);
  const enabledColumn = useEnabledColumn<SpotFeeRow>();
  const columns: TableColumnsType<SpotFeeRow> = [
    { title: t('symbols.symbol'), dataIndex: 'symbol' },
    enabledColumn,
    { title: t('fees.maker'), dataIndex: 'maker_fee_rate', align: 'right' },
    { title: t('fees.taker'), dataIndex: 'taker_fee_rate', align: 'right' },
    {
      title: t('markets.actions'),
      key: 'edit',
      render: (_, row) => (
        <Button aria-label={t('fees.editTitle', { symbol: row.symbol })} onClick={() => setEditing(row)}>
          {t('markets.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('fees.title')}</Typography.Title>
      <Table<SpotFeeRow> rowKey="symbol_id" columns={columns} dataSource={rows} pagination={false} size="small" />
      {editing && <FeeModal row={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
