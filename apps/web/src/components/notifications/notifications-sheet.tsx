import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMarkAllRead, useMarkRead, useNotifications, type Notification } from '../../api/notifications.ts';
import { Cell } from '../cell.tsx';
import { SheetHead } from '../choice-sheet.tsx';
import { Empty, LoadMore } from '../funds/funds.tsx';
import { PageState } from '../funds/page-state.tsx';
import { useNotificationText } from './notification-text.ts';
import { NOTICES_PARAM } from './notices-path.ts';
import { useRelativeTime } from '../relative-time.ts';
import { UnreadBadge } from './unread-badge.tsx';
import { useUnread } from './use-unread.ts';

/** Marks the history entry the entry pushed, so closing goes back to it rather than adding another. */
type OpenedHere = { noticesOpened?: boolean } | null;

/**
 * The settings row "Notifications" with the unread count, and the list it opens: a sheet kept in the
 * query string (?notices=1), so Back closes it and the home header's bell opens it directly.
 */
export function NotificationsEntry() {
  const { t } = useTranslation();
  const unread = useUnread();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const open = () => navigate({ search: `?${NOTICES_PARAM}=1` }, { state: { noticesOpened: true } });
  const close = () => ((location.state as OpenedHere)?.noticesOpened ? navigate(-1) : setParams({}, { replace: true }));
  return (
    <>
      <Cell icon="bell" label={t('notice.title')} value={unread > 0 ? <UnreadBadge count={unread} /> : undefined} onClick={open} />
      <NotificationsSheet open={params.get(NOTICES_PARAM) === '1'} onClose={close} />
    </>
  );
}

function NotificationsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div role="dialog" aria-label={t('notice.title')}>
        <SheetHead title={t('notice.title')} onClose={onClose} />
        <NotificationList />
      </div>
    </Popup>
  );
}

/** The user's events and the system notices, newest first, 10 a page with "load more". */
function NotificationList() {
  const { t } = useTranslation();
  const notices = useNotifications();
  const unread = useUnread();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  return (
    <>
      <div className="notices__tools">
        <Button size="small" shape="rounded" fill="outline" disabled={unread === 0} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          {t('notice.markAllRead')}
        </Button>
      </div>
      <PageState query={notices}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.data);
          if (items.length === 0) return <Empty>{t('notice.empty')}</Empty>;
          return (
            <>
              <ul className="notices__list" aria-label={t('notice.list')}>
                {items.map((item) => (
                  <li key={`${item.source}:${item.id}`}>
                    <NotificationCard item={item} onRead={() => markRead.mutate({ source: item.source, id: item.id })} />
                  </li>
                ))}
              </ul>
              <LoadMore hasMore={notices.hasNextPage} loading={notices.isFetchingNextPage} onMore={() => void notices.fetchNextPage()} />
            </>
          );
        }}
      </PageState>
    </>
  );
}

function NotificationCard({ item, onRead }: { item: Notification; onRead: () => void }) {
  const { t } = useTranslation();
  const { title, body } = useNotificationText()(item);
  const when = useRelativeTime();
  return (
    <article className={item.read ? 'notice notice--read' : 'notice'} aria-label={title}>
      <div className="notice__head">
        {!item.read && (
          <span className="notice__dot">
            <span className="visually-hidden">{t('notice.unreadItem')}</span>
          </span>
        )}
        <span className="notice__title">{title}</span>
        {item.source === 'system' && <span className="notice__tag">{t('notice.system')}</span>}
      </div>
      <p className="notice__body">{body}</p>
      <div className="notice__foot">
        <time className="notice__time" dateTime={new Date(item.created_at).toISOString()}>
          {when(item.created_at)}
        </time>
        {!item.read && (
          <button type="button" className="notice__read" onClick={onRead}>
            {t('notice.markRead')}
          </button>
        )}
      </div>
    </article>
  );
}
