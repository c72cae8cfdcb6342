import type { NotificationSignal } from '@fairex/contract';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../api/notifications.ts';
import { useStore } from '../../store/store.ts';
import { USER_ROOM_JOINED, useUserEvent } from '../market/use-market-events.ts';

/**
 * Keeps the unread count and the list current without a reload: the server signals `notification` to
 * the user's room (to everyone for a system notice); after a (re)connection one may have been missed.
 */
export function useNotificationSignals() {
  const queryClient = useQueryClient();
  const loggedIn = useStore((s) => s.token !== '');
  const refresh = () => {
    if (loggedIn) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  useUserEvent<NotificationSignal>('notification', refresh);
  useUserEvent(USER_ROOM_JOINED, refresh);
}
