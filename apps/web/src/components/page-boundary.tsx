import { Button } from '../antd-startup.ts';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon } from './icon.tsx';
import { ChunkLoadError } from './lazy-page.tsx';

/** The error view of a page that failed to load or to render. Retry reloads, since a failed import stays cached. */
export function PageLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const failure = error instanceof ChunkLoadError ? error.failure : 'error';
  return (
    <div className="page-state" role="alert">
      <span className="page-state__icon page-state__icon--warning">
        <Icon name="warning" size={40} />
      </span>
      <h2 className="page-state__title">{t('chunk.title')}</h2>
      <p className="page-state__text">{t(`chunk.${failure}`)}</p>
      {error instanceof ChunkLoadError && <p className="page-state__hint">{t('chunk.file', { file: error.file })}</p>}
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </Button>
    </div>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { error: unknown; resetKey: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  /** Leaving the broken page clears the error, so the next page renders normally. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    return this.state.error ? <PageLoadError error={this.state.error} /> : this.props.children;
  }
}

export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
