import type { ContentPageKey } from '@fairex/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentPage } from '../../api/content.ts';
import { useStore } from '../../store/store.ts';
import { Empty, useFormatTime } from '../funds/funds.tsx';
import { PageState } from '../funds/page-state.tsx';
import { NavBar } from '../nav-bar.tsx';
import './content.css';

/**
 * Operators' HTML as the server answers it: sanitised on save and again when served (an allow-list:
 * no script, event handler, style or javascript: link; images only from the site's content images).
 */
export function ContentHtml({ html }: { html: string }) {
  return <div className="content-html" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Said when the reader's language has no version and the English one is shown. */
export function LanguageNote({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const reader = useStore((s) => s.lang);
  return lang === reader ? null : <p className="content-note">{t('content.shownInEnglish')}</p>;
}

/** A titled card of content: its title, a line under it, the fallback note, an image and the HTML. */
export function ContentCard({ title, meta, lang, image, html }: { title: string; meta?: ReactNode; lang: string; image?: string; html: string }) {
  return (
    <article className="content-card" aria-label={title}>
      <h2 className="content-card__title">{title}</h2>
      {meta && <p className="content-card__meta">{meta}</p>}
      <LanguageNote lang={lang} />
      {image && <img className="content-card__image" src={image} alt="" />}
      <ContentHtml html={html} />
    </article>
  );
}

/** The body of a page operators write (FAQ, contact, about, compliance); `empty` stands in while none is published. */
export function ContentPageBody({ pageKey, empty }: { pageKey: ContentPageKey; empty?: ReactNode }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const page = useContentPage(pageKey);
  return (
    <PageState query={page}>
      {(found) =>
        found === null ? (
          (empty ?? <Empty>{t('content.notWritten')}</Empty>)
        ) : (
          <ContentCard title={found.title} lang={found.lang} html={found.content} meta={t('content.updatedAt', { date: formatTime(found.updated_at) })} />
        )
      }
    </PageState>
  );
}

/** A whole page of operator content under its navigation bar. */
export function ContentPageScreen({ pageKey, title }: { pageKey: ContentPageKey; title: string }) {
  return (
    <div className="page">
      <NavBar title={title} />
      <ContentPageBody pageKey={pageKey} />
    </div>
  );
}
