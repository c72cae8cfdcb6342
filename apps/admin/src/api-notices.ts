/**
 * The back office's system notice calls (/api/admin/notices): the list with every version, its state
 * and how many users read it; publishing or editing one (texts per language, English required; a publish
 * time, none or passed meaning now); withdrawing one (final).
 */
import type { NoticePage, NoticeRow, NoticeTexts } from '@fairex/contract';
import { pageQuery, request, type PageQuery } from './api.ts';

export type { NoticePage, NoticeRow, NoticeTexts };
/** What POST /notices takes (noticeSaveInput): no id publishes a new notice, an id edits it. */
export type NoticeSave = { id?: number; publish_at?: number; texts: NoticeTexts };

export const noticesApi = {
  list: (query: PageQuery) => request<NoticePage>('GET', `/notices?${pageQuery(query)}`),
  save: (input: NoticeSave) => request<NoticeRow>('POST', '/notices', input),
  withdraw: (id: number) => request<NoticeRow>('POST', `/notices/${id}/withdraw`),
};
