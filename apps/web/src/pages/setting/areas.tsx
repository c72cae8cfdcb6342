import { AreaPage } from '../common/area.tsx';

/**
 * /pages/setting/areas: the area-code list of settings' mobile binding. It is the sign-in screens' list
 * (pages/common/area-codes.ts, names in the reader's language, searchable): the choice returns to the
 * binding form that opened it.
 */
export function AreasPage() {
  return <AreaPage />;
}
