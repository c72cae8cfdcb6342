import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';
import { Icon } from './icon.tsx';

/** The refusals of a read by id that say the thing is not there for this reader: asking again cannot help. */
const GONE_CODES: readonly string[] = ['not_found', 'wealth_product_unavailable', 'copy_trader_unavailable'];

/** Whether a failed read names nothing that exists, or nothing the reader may see (a product off sale, a trader no longer one). */
export const isNotFound = (error: unknown) => error instanceof ApiError && GONE_CODES.includes(error.code ?? '');

/**
 * The clear state for a wrong id or a page that does not exist: a title (the page's own, else "This page
 * does not exist") and a link back to where the user can go on. No retry: the answer would be the same.
 */
export function NotFound({ title, backTo, backLabel }: { title?: string; backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="alert">
      <span className="page-state__icon">
        <Icon name="search" size={40} />
      </span>
      <h2 className="page-state__title">{title ?? t('app.notFound')}</h2>
      <Link className="pill pill--primary" to={backTo} replace>
        {backLabel}
      </Link>
    </div>
  );
}
