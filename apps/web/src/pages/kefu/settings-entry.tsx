import { SUPPORT_REALTIME_EVENT } from '@fairex/contract/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRefreshSupport, useSupportUnread } from '../../api/support.ts';
import { Cell } from '../../components/cell.tsx';
import { useUserEvent } from '../../components/market/use-market-events.ts';
import { UnreadBadge } from '../../components/notifications/unread-badge.tsx';
import { KEFU_PATH } from './paths.ts';

/** Settings' entry to customer service, with the count of answers the user has not read (moved by realtime as they come). */
export function SupportEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useSupportUnread().data ?? 0;
  const refresh = useRefreshSupport();
  useUserEvent(SUPPORT_REALTIME_EVENT, () => void refresh());
  return <Cell icon="chat" label={t('page.kefu')} value={unread > 0 ? <UnreadBadge count={unread} /> : undefined} onClick={() => navigate(KEFU_PATH)} />;
}
