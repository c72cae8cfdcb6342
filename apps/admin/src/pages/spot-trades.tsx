import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type Page, type SpotTradeRow, type SymbolOption } from '../api.ts';
import { SpotFilters } from '../components/spot-filters.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr } from '../load.ts';
import { searchQueryOf } from '../markets-admin.ts';
import { usePaging } from '../paging.ts';

export async function spotTradesLoader({ request }: LoaderFunctionArgs) {
  const query = searchQueryOf(request);
  const [page, symbols] = await Promise.all([
    loadOr<Page<SpotTradeRow>>(() => adminApi.spotTrades(query), emptyPage<SpotTradeRow>(query)),
    loadOr<SymbolOption[]>(() => adminApi.symbolOptions(), []),
  ]);
  return { page, symbols, query };
}

const userLink = (id: number, account: string) => (
  <Link to={`/users/${id}`}>
    {account} <Typography.Text type="secondary">#{id}</Typography.Text>
  </Link>
);

/** Spot trades, newest first; a user filter finds the trades where they were maker or taker. */
export function SpotTradesPage() {
  const { page, symbols, query } = useLoaderData<typeof spotTradesLoader>();
  const { pagination, busy } = usePaging(page);
  const { t, formatTime } = useI18n();

  const columns: TableColumnsType<SpotTradeRow> = [
    { title: t('search.tradeId'), dataIndex: 'id', width: 80 },
    { title: t('search.symbol'), dataIndex: 'symbol' },
    { title: t('search.takerSide'), dataIndex: 'taker_side', render: (side: 'buy' | 'sell') => <Tag color={side === 'buy' ? 'green' : 'red'}>{t(`side.${side}`)}</Tag> },
    { title: t('search.price'), dataIndex: 'price', align: 'right' },
    { title: t('search.quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('search.filledQuote'), dataIndex: 'quote', align: 'right' },
    { title: t('search.maker'), key: 'maker', render: (_, row) => userLink(row.maker_user_id, row.maker_account) },
    { title: t('search.makerFee'), dataIndex: 'maker_fee', align: 'right' },
    { title: t('search.taker'), key: 'taker', render: (_, row) => userLink(row.taker_user_id, row.taker_account) },
    { title: t('search.takerFee'), dataIndex: 'taker_fee', align: 'right' },
    { title: t('search.orders'), key: 'orders', render: (_, row) => `${row.maker_order_id} / ${row.taker_order_id}` },
    { title: t('search.createdAt'), dataIndex: 'created_at', render: formatTime },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('trades.title')}</Typography.Title>
      <SpotFilters key={JSON.stringify(query)} query={query} symbols={symbols} orders={false} />
      <Table<SpotTradeRow> rowKey="id" columns={columns} dataSource={page.data} pagination={pagination} loading={busy} size="small" scroll={{ x: 'max-content' }} />
    </Flex>
  );
}
