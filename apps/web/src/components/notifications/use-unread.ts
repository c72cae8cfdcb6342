import { useUnreadCount } from '../../api/notifications.ts';
import { useNotificationSignals } from './use-notification-signals.ts';

/** The logged-in user's unread count, kept current by the realtime signal (0 while unknown or logged out). */
export function useUnread(): number {
  useNotificationSignals();
  return useUnreadCount().data?.unread ?? 0;
}
