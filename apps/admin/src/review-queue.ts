/**
 * What the three review queues share: their filters live in the URL (?page=&limit=&status=&user_id=
 * &currency_id=&level=) so Back and reload keep them, and a decision reloads the page it was made on.
 */
import { App } from 'antd';
import { useNavigate, useRevalidator } from 'react-router';
import { adminApi, isSessionLost, type CurrencyOption, type QueueQuery } from './api.ts';
import { useI18n } from './i18n.tsx';
import { loadOr, pageQueryOf, positiveIntParam } from './load.ts';
import { showError } from './notify.ts';

export function queueQueryOf(request: Request): QueueQuery {
  const params = new URL(request.url).searchParams;
  const { page, limit } = pageQueryOf(request);
  return {
    page,
    limit,
    status: params.get('status') || undefined,
    user_id: positiveIntParam(params, 'user_id'),
    currency_id: positiveIntParam(params, 'currency_id'),
    level: positiveIntParam(params, 'level'),
  };
}

/** The coins the queues can be filtered by; an empty list only hides the filter's choices. */
export const loadCurrencies = (): Promise<CurrencyOption[]> => loadOr(() => adminApi.currencies(), []);

/**
 * Runs one decision: on success a toast and the page reloads (the row shows its new status); on
 * failure the server's translated message. Answers whether it went through, so a modal can stay open.
 */
export function useDecision() {
  const { message } = App.useApp();
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return async (action: () => Promise<unknown>, done = t('review.done')): Promise<boolean> => {
    try {
      await action();
    } catch (error) {
      if (isSessionLost(error)) navigate('/login', { replace: true });
      showError(error);
      // A decision made elsewhere meanwhile is shown too; the form is free again at once.
      void revalidator.revalidate();
      return false;
    }
    void message.success(done);
    await revalidator.revalidate();
    return true;
  };
}
