import type { NotificationSignal } from '@fairex/contract';
import { notificationKeys } from '../../api/notifications.ts';
import { useStore } from '../../store/store.ts';
import { USER_ROOM_JOINED, useRefresh, useUserEvent } from '../market/use-market-events.ts';

/**
 * Keeps the unread count and the list current without a reload: the server signals `notification` to
 * the user's room (to everyone for a system notice); after a (re)connection one may have been missed.
 */
export function useNotificationSignals() {
  const loggedIn = useStore((s) => s.token !== '');
  const reread = useRefresh(notificationKeys.all);
  const refresh = () => {
    if (loggedIn) reread();
  };
  useUserEvent<NotificationSignal>('notification', refresh);
  useUserEvent(USER_ROOM_JOINED, refresh);
}
