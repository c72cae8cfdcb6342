import { Button, Flex, Form, Input, Select } from 'antd';
import { useSearchParams } from 'react-router';
import type { SpotSearchQuery, SymbolOption } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { isoOfLocal, localOfIso } from '../markets-admin.ts';

type FilterForm = { user_id?: string; symbol_id?: number; status?: string; side?: string; from?: string; to?: string };

/**
 * The filters of the order and trade search. Applying them writes the URL (page back to 1); the
 * route's loader runs the search. Orders also filter by status and side.
 */
export function SpotFilters({ query, symbols, orders }: { query: SpotSearchQuery; symbols: SymbolOption[]; orders: boolean }) {
  const { t } = useI18n();
  const [, setParams] = useSearchParams();
  const [form] = Form.useForm<FilterForm>();

  const apply = (values: FilterForm) => {
    const next = new URLSearchParams();
    const set = (key: string, value: string | number | undefined) => {
      if (value !== undefined && String(value).trim() !== '') next.set(key, String(value).trim());
    };
    set('user_id', values.user_id);
    set('symbol_id', values.symbol_id);
    set('status', values.status);
    set('side', values.side);
    set('from', values.from ? isoOfLocal(values.from) : undefined);
    set('to', values.to ? isoOfLocal(values.to) : undefined);
    setParams(next);
  };

  return (
    <Form<FilterForm>
      form={form}
      layout="inline"
      initialValues={{
        user_id: query.user_id ? String(query.user_id) : '',
        symbol_id: query.symbol_id,
        status: query.status,
        side: query.side,
        from: localOfIso(query.from),
        to: localOfIso(query.to),
      }}
      onFinish={apply}
    >
      <Flex wrap gap="small">
        <Form.Item name="user_id" label={t('search.userId')} rules={[{ pattern: /^\d*$/, message: t('search.userIdInvalid') }]}>
          <Input aria-label={t('search.userId')} inputMode="numeric" style={{ width: 110 }} allowClear />
        </Form.Item>
        <Form.Item name="symbol_id" label={t('search.symbol')}>
          <Select
            aria-label={t('search.symbol')}
            allowClear
            style={{ width: 150 }}
            options={symbols.filter((s) => s.kind === 'spot').map((s) => ({ value: s.id, label: s.symbol }))}
          />
        </Form.Item>
        {orders && (
          <>
            <Form.Item name="status" label={t('search.status')}>
              <Select
                aria-label={t('search.status')}
                allowClear
                style={{ width: 130 }}
                options={(['open', 'filled', 'cancelled'] as const).map((s) => ({ value: s, label: t(`order.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="side" label={t('search.side')}>
              <Select aria-label={t('search.side')} allowClear style={{ width: 100 }} options={(['buy', 'sell'] as const).map((s) => ({ value: s, label: t(`side.${s}`) }))} />
            </Form.Item>
          </>
        )}
        <Form.Item name="from" label={t('search.from')}>
          <Input aria-label={t('search.from')} type="datetime-local" />
        </Form.Item>
        <Form.Item name="to" label={t('search.to')}>
          <Input aria-label={t('search.to')} type="datetime-local" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue({ user_id: '', symbol_id: undefined, status: undefined, side: undefined, from: '', to: '' });
            setParams(new URLSearchParams());
          }}
        >
          {t('search.reset')}
        </Button>
      </Flex>
    </Form>
  );
}
