import { INT_ID_MAX } from '@fairex/contract/validators';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NEWS_LIST_PATH, useArticle, useNewsPages } from '../../api/content.ts';
import { ContentCard } from '../../components/content/content.tsx';
import { NewsItems } from '../../components/content/news-items.tsx';
import { Empty, LoadMore, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { NotFound } from '../../components/not-found.tsx';

/**
 * /pages/common/article: the article of ?id= (news, a banner or the popup ad) in the reader's language
 * or English. Without an id it is the news list (reached from home); an id that names nothing readers
 * may see says so and leads to that list.
 */
export function ArticlePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  return Number.isInteger(id) && id > 0 && id <= INT_ID_MAX ? <Article id={id} /> : <NewsList />;
}

function Article({ id }: { id: number }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const article = useArticle(id);
  return (
    <div className="page">
      <NavBar title={t('page.article')} />
      <PageState query={article} notFound={<NotFound title={t('content.articleMissing')} backTo={NEWS_LIST_PATH} backLabel={t('content.allNews')} />}>
        {(data) => (
          <ContentCard
            title={data.title}
            lang={data.lang}
            image={data.image}
            html={data.content}
            meta={t('content.publishedAt', { date: formatTime(data.published_at) })}
          />
        )}
      </PageState>
    </div>
  );
}

function NewsList() {
  const { t } = useTranslation();
  const news = useNewsPages();
  return (
    <div className="page">
      <NavBar title={t('content.newsTitle')} />
      <PageState query={news}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.data);
          if (items.length === 0) return <Empty>{t('home.noNews')}</Empty>;
          return (
            <section className="card news">
              <NewsItems items={items} label={t('content.newsTitle')} />
              <LoadMore hasMore={news.hasNextPage} loading={news.isFetchingNextPage} onMore={() => void news.fetchNextPage()} />
            </section>
          );
        }}
      </PageState>
    </div>
  );
}
