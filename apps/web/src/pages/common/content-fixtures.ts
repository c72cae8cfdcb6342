/** Content as the server answers it (news, banners, pages), for the content screens' tests. */
import type { ContentPage, NewsArticle, NewsListItem, PopupAd } from '@fairex/contract';

export function newsItem(overrides: Partial<NewsListItem> = {}): NewsListItem {
  return { id: 1, c_id: 4, lang: 'en', title: 'Fees lowered', summary: 'From today, spot fees are lower.', image: '', published_at: '2026-11-20T08:00:00.000Z', ...overrides };
}

export function article(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return { ...newsItem(), content: '<h2>Lower fees</h2><p>From <strong>today</strong>.</p>', ...overrides };
}

export function popup(overrides: Partial<PopupAd> = {}): PopupAd {
  return { ...newsItem({ id: 7, title: 'Welcome offer' }), version: 1, ...overrides };
}

export function page(overrides: Partial<ContentPage> = {}): ContentPage {
  return { key: 'faq', lang: 'en', title: 'Frequently asked questions', content: '<details><summary>How do I deposit?</summary><p>Open Assets.</p></details>', updated_at: '2026-11-20T08:00:00.000Z', ...overrides };
}

/** A page of a news list as POST /news/list answers it. */
export const newsPage = (data: NewsListItem[], page = 1, total = data.length) => ({ data, total, page, limit: 10 });
