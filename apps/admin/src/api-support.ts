/**
 * The back office's customer-service inbox (/api/admin/support/*): threads (unread first), one thread's
 * messages (newest first, older by `before`), a reply and marking a thread read.
 */
import type { SupportOperatorMessage, SupportThreadRow, SupportThreadView } from '@fairex/contract';
import { queryString, request, type Page, type PageQuery } from './api.ts';

export type { SupportOperatorMessage, SupportThreadRow, SupportThreadView };
export type ThreadQuery = PageQuery & { unread?: 'true'; user_id?: number };

export const supportApi = {
  threads: (query: ThreadQuery) => request<Page<SupportThreadRow>>('GET', `/support/threads?${queryString(query)}`),
  thread: (threadId: number, before?: string) =>
    request<SupportThreadView>('GET', `/support/thread?${new URLSearchParams({ thread_id: String(threadId), ...(before ? { before } : {}) })}`),
  reply: (threadId: number, body: string) => request<SupportOperatorMessage>('POST', '/support/reply', { thread_id: threadId, body }),
  read: (threadId: number, lastId: string) => request<SupportThreadRow>('POST', '/support/read', { thread_id: threadId, last_id: lastId }),
};
