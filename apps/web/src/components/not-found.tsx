import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';
import { Icon } from './icon.tsx';

/** Whether a failed read names nothing that exists (the server's not_found): asking again cannot help. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'not_found';

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
