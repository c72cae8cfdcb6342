import type { SupportMessage, SupportThreadPage, SupportUnread } from '@fairex/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post, upload } from './client.ts';

/**
 * Customer service (/pages/kefu/index) when no web chat is set: the user's thread with the operators,
 * newest first (older pages by `before`), its unread count, sending (an image through POST /upload
 * first) and marking it read. Both refresh when the window regains focus.
 */
export type { SupportMessage };

export const supportKeys = {
  all: ['support'] as const,
  thread: ['support', 'thread'] as const,
  unread: ['support', 'unread'] as const,
};

export function useSupportThread() {
  return useInfiniteQuery({
    queryKey: supportKeys.thread,
    queryFn: ({ pageParam }) => get<SupportThreadPage>('/support/messages', { before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages.at(-1)?.id : undefined),
    refetchOnWindowFocus: true,
  });
}

/** Operator messages the user has not read (the settings entry's count); none without a session. */
export function useSupportUnread() {
  const loggedIn = useStore((s) => s.token !== '');
  return useQuery({
    queryKey: supportKeys.unread,
    queryFn: () => get<SupportUnread>('/support/unread', undefined, true).then((answer) => answer.unread),
    enabled: loggedIn,
    refetchOnWindowFocus: true,
  });
}

export function useRefreshSupport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportKeys.all });
}

/** POST /support/send: the text and the chosen image (uploaded first). */
export function useSendSupport() {
  const refresh = useRefreshSupport();
  return useMutation({
    mutationFn: async (input: { body: string; image: File | null }) => {
      const image = input.image ? await upload(input.image) : undefined;
      return post<SupportMessage>('/support/send', { body: input.body, image });
    },
    onSuccess: refresh,
  });
}

/** POST /support/read: seen up to the newest message shown. */
export function useMarkSupportRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastId: string) => post<SupportUnread>('/support/read', { last_id: lastId }, true),
    onSuccess: (answer) => queryClient.setQueryData(supportKeys.unread, answer.unread),
  });
}
