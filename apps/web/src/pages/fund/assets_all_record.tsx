import { MovementsPage } from '../setting/bill.tsx';

/** All records: the bills list, reached from the assets page under its own title. */
export const AssetsAllRecordPage = () => <MovementsPage title="allRecords" />;
