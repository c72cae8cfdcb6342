import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type Page, type SpotOrderRow, type SymbolOption } from '../api.ts';
import { SpotFilters } from '../components/spot-filters.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr } from '../load.ts';
import { searchQueryOf } from '../markets-admin.ts';
import { usePaging } from '../paging.ts';

const STATUS_COLORS = { open: 'blue', filled: 'green', cancelled: 'default' } as const;

export async function spotOrdersLoader({ request }: LoaderFunctionArgs) {
  const query = searchQueryOf(request);
  const [page, symbols] = await Promise.all([
    loadOr<Page<SpotOrderRow>>(() => adminApi.spotOrders(query), emptyPage<SpotOrderRow>(query)),
    loadOr<SymbolOption[]>(() => adminApi.symbolOptions(), []),
  ]);
  return { page, symbols, query };
}

/** Spot orders of every user, newest first; amounts are shown as the server sends them. */
export function SpotOrdersPage() {
  const { page, symbols, query } = useLoaderData<typeof spotOrdersLoader>();
  const { pagination, busy } = usePaging(page);
  const { t, formatTime } = useI18n();

  const columns: TableColumnsType<SpotOrderRow> = [
    { title: t('search.orderId'), dataIndex: 'id', width: 80 },
    {
      title: t('search.user'),
      key: 'user',
      render: (_, row) => (
        <Link to={`/users/${row.user_id}`}>
          {row.account} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
        </Link>
      ),
    },
    { title: t('search.symbol'), dataIndex: 'symbol' },
    { title: t('search.side'), dataIndex: 'side', render: (side: 'buy' | 'sell') => <Tag color={side === 'buy' ? 'green' : 'red'}>{t(`side.${side}`)}</Tag> },
    { title: t('search.type'), dataIndex: 'order_type', render: (type: 'limit' | 'market') => t(`orderType.${type}`) },
    { title: t('search.price'), dataIndex: 'price', align: 'right', render: (price: string | null) => price ?? '—' },
    { title: t('search.quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('search.filled'), dataIndex: 'filled_quantity', align: 'right' },
    { title: t('search.filledQuote'), dataIndex: 'filled_quote', align: 'right' },
    { title: t('search.fee'), dataIndex: 'fee', align: 'right' },
    {
      title: t('search.status'),
      dataIndex: 'status',
      render: (status: SpotOrderRow['status']) => <Tag color={STATUS_COLORS[status]}>{t(`order.${status}`)}</Tag>,
    },
    { title: t('search.createdAt'), dataIndex: 'created_at', render: formatTime },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('orders.title')}</Typography.Title>
      <SpotFilters key={JSON.stringify(query)} query={query} symbols={symbols} orders />
      <Table<SpotOrderRow> rowKey="id" columns={columns} dataSource={page.data} pagination={pagination} loading={busy} size="small" scroll={{ x: 'max-content' }} />
    </Flex>
  );
}
