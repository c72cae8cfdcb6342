import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useI18n } from '../i18n.tsx';

/** Shown when a route fails in a way the page cannot fall back from (e.g. the server is down at start). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  return (
    <Result
      status="error"
      title={error instanceof Error ? error.message : t('common.badAnswer')}
      extra={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}
