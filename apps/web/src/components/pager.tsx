import { useTranslation } from 'react-i18next';

/**
 * Previous / "page N of M" / next under a paged list; nothing while everything fits on one page.
 * `label` names the list it pages, for screen readers.
 */
export function Pager({ label, page, total, pageSize, onPage }: { label: string; page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="link-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('market.previousPage')}
      </button>
      <span>{t('market.pageOf', { page, pages })}</span>
      <button type="button" className="link-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('market.nextPage')}
      </button>
    </nav>
  );
}
