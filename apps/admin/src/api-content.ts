/**
 * The back office's content calls (/api/admin/content/*): items of a kind (news, banners, pages) with
 * their versions per language, one item, saving and deleting, the sanitised preview, image upload (public
 * content images) and the site settings GET /getSetting answers.
 */
import type { ContentAdminItem, ContentAdminRow, ContentKind, ContentPageKey, ContentStatus, SiteSettings, SiteSettingsInput } from '@fairex/contract';
import type { Lang } from '@fairex/contract/lang';
import { pageQuery, request, type Page, type PageQuery } from './api.ts';

export type { ContentAdminItem, ContentAdminRow, ContentKind, ContentPageKey, SiteSettings };

/** What POST /content/save takes (contentSaveInput): no id creates, except a page (found by its key). */
export type ContentSave = {
  id?: number;
  kind: ContentKind;
  page_key?: ContentPageKey;
  status: ContentStatus;
  sort: number;
  publish_at: string;
  popup: boolean;
  versions: { lang: Lang; title: string; content: string; image: string }[];
};

export const contentApi = {
  items: (kind: ContentKind, query: PageQuery) => request<Page<ContentAdminRow>>('GET', `/content/items?kind=${kind}&${pageQuery(query)}`),
  item: (id: number) => request<ContentAdminItem>('GET', `/content/item?id=${id}`),
  save: (input: ContentSave) => request<ContentAdminItem>('POST', '/content/save', input),
  remove: (id: number) => request<{ id: number }>('POST', '/content/delete', { id }),
  preview: (content: string) => request<{ content: string }>('POST', '/content/preview', { content }),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<{ url: string }>('POST', '/content/images', form);
  },
  settings: () => request<SiteSettings>('GET', '/content/settings'),
  saveSettings: (input: SiteSettingsInput) => request<SiteSettings>('POST', '/content/settings', input),
};
