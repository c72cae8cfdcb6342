import { frameHostsFrom, isUrl } from '@fairex/contract/validators';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSetting, useSiteConfig } from '../../api/config.ts';
import '../../components/content/content.css';
import { NavBar } from '../../components/nav-bar.tsx';
import { HOME_PATH } from '../../navigation.ts';

/** What the web view does with ?url=: nothing to open, refused (not http(s)), framed (an allowed host) or a link out. */
export type WebViewTarget = { kind: 'none' } | { kind: 'refused' } | { kind: 'frame'; url: URL } | { kind: 'outside'; url: URL };

/** Only http(s) links open (never javascript: or data:); a frame only for the hosts the operator allowed. */
export function webViewTarget(raw: string, frameHosts: readonly string[]): WebViewTarget {
  if (raw.trim() === '') return { kind: 'none' };
  if (!isUrl(raw.trim())) return { kind: 'refused' };
  const url = new URL(raw.trim());
  return frameHosts.includes(url.hostname.toLowerCase()) ? { kind: 'frame', url } : { kind: 'outside', url };
}

/** The hosts the web view frames: the same rule the server's CSP follows (frameHostsFrom). */
function useFrameHosts(): readonly string[] | undefined {
  const allowList = useSetting<string[]>('webview_hosts');
  const site = useSiteConfig();
  if (allowList.isPending || site.isPending) return undefined;
  return frameHostsFrom(allowList.data, site.data?.customer_service_url);
}

/**
 * /pages/common/webView?url=: an http(s) page inside the app for the operator's allowed hosts (the
 * customer-service chat's among them), in a sandboxed frame; any other http(s) page as a link that opens
 * outside; anything else is refused.
 */
export function WebViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hosts = useFrameHosts();
  const target = webViewTarget(params.get('url') ?? '', hosts ?? []);

  let body;
  if (target.kind === 'none' || target.kind === 'refused') {
    body = (
      <div className="empty" role="alert">
        <span>{t(target.kind === 'none' ? 'content.noLink' : 'content.linkRefused')}</span>
        <Button size="small" shape="rounded" fill="outline" onClick={() => navigate(HOME_PATH, { replace: true })}>
          {t('content.goHome')}
        </Button>
      </div>
    );
  } else if (hosts === undefined) {
    body = (
      <div className="empty" role="status" aria-label={t('funds.loading')}>
        <DotLoading color="currentColor" />
      </div>
    );
  } else if (target.kind === 'frame') {
    body = (
      <iframe
        className="web-view__frame"
        src={target.url.href}
        title={target.url.hostname}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
      />
    );
  } else {
    body = (
      <section className="content-card" aria-label={t('content.opensOutside')}>
        <p>{t('content.opensOutside')}</p>
        <p className="web-view__host">{target.url.href}</p>
        <div className="content-actions">
          <a className="pill pill--primary" href={target.url.href} target="_blank" rel="noopener noreferrer">
            {t('content.openOutside')}
          </a>
        </div>
      </section>
    );
  }
  return (
    <div className="page web-view">
      <NavBar title={t('page.webView')} />
      {body}
    </div>
  );
}
