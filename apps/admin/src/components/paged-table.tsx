import { Table, type TableProps } from 'antd';
import type { Page } from '../api.ts';
import { useUrlChange } from '../paging.ts';

/** One of a screen's paged lists: the loader's page of rows, its page number kept in ?<pageParam>= (the other lists keep theirs). */
export function PagedTable<Row extends object>({ page, pageParam, ...table }: Omit<TableProps<Row>, 'dataSource' | 'pagination'> & { page: Page<Row>; pageParam: string }) {
  const change = useUrlChange();
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      {...table}
      dataSource={page.data}
      pagination={{ current: page.page, pageSize: page.limit, total: page.total, onChange: (n) => change({ [pageParam]: n }) }}
    />
  );
}
