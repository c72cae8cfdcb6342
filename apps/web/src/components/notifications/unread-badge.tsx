import { useTranslation } from 'react-i18next';
import './notifications.css';

/** Counts above this show as "99+". */
export const UNREAD_SHOWN_MAX = 99;

/** The unread count on a red dot, read out as "N unread"; nothing at 0. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : count}</span>
      <span className="visually-hidden">{t('notice.unread', { count })}</span>
    </span>
  );
}
