import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../icon.tsx';
import { NOTICES_PATH } from './notices-path.ts';
import { UnreadBadge } from './unread-badge.tsx';
import { useUnread } from './use-unread.ts';

/** The home header's bell: opens the notification list in settings, with the unread count (kept current over realtime). */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnread();
  return (
    <Link to={NOTICES_PATH} className="home-header__bell" aria-label={unread > 0 ? t('notice.bellUnread', { count: unread }) : t('notice.title')}>
      <Icon name="bell" size={24} />
      <UnreadBadge count={unread} />
    </Link>
  );
}
