import type { NotificationItem, NotificationPage, NotificationSource, NotificationUnread } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';
import { usePaged } from './funds.ts';
import { userKeys } from './user.ts';

/**
 * The notification list of settings: the user's events and the operator's system notices, newest first,
 * 10 a page; the unread count; marking one or all read. Under the user's keys, so a logout drops them.
 */
export type Notification = NotificationItem;

export const notificationKeys = {
  all: [...userKeys.all, 'notifications'] as const,
  list: [...userKeys.all, 'notifications', 'list'] as const,
  unread: [...userKeys.all, 'notifications', 'unread'] as const,
};

/** GET /notification/unread while logged in. */
export function useUnreadCount() {
  const loggedIn = useStore((s) => s.token !== '');
  return useQuery({ queryKey: notificationKeys.unread, queryFn: () => get<NotificationUnread>('/notification/unread'), enabled: loggedIn });
}

/** GET /notification/list, a page at a time ("load more"). */
export const useNotifications = () => usePaged(notificationKeys.list, (page) => get<NotificationPage>('/notification/list', { page }));

/** The unread count an answer gives, shown at once; the list refreshes to show what is read. */
function useSettleRead() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (answer: NotificationUnread) => queryClient.setQueryData(notificationKeys.unread, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  };
}

/** POST /notification/read: one event or system notice. */
export function useMarkRead() {
  return useMutation({ mutationFn: (input: { source: NotificationSource; id: number }) => post<NotificationUnread>('/notification/read', input), ...useSettleRead() });
}

/** POST /notification/read_all */
export function useMarkAllRead() {
  return useMutation({ mutationFn: () => post<NotificationUnread>('/notification/read_all'), ...useSettleRead() });
}

