import { SUPPORT_MESSAGE_CHARS_MAX, SUPPORT_REALTIME_EVENT } from '@fairex/contract/constants';
import { isUrl } from '@fairex/contract/validators';
import { Button, DotLoading } from 'antd-mobile';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSiteConfig } from '../../api/config.ts';
import { useMarkSupportRead, useRefreshSupport, useSendSupport, useSupportThread, type SupportMessage } from '../../api/support.ts';
import { useUserInfo } from '../../api/user.ts';
import { Empty } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { ChatComposer, type ChatComposerLabels } from '../../components/chat-composer.tsx';
import { useUserEvent } from '../../components/market/use-market-events.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { useStore } from '../../store/store.ts';
import './kefu.css';

/** The operator's web chat with the user's id and language passed along, opened in the web view. */
export function chatAddress(chatUrl: string, userId: number, lang: string): string {
  const url = new URL(chatUrl);
  url.searchParams.set('user_id', String(userId));
  url.searchParams.set('lang', lang);
  return `/pages/common/webView?url=${encodeURIComponent(url.href)}`;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="empty" role="status" aria-label={t('funds.loading')}>
      <DotLoading color="currentColor" />
    </div>
  );
}

/**
 * /pages/kefu/index (login): the operator's web chat when one is set (the `customer_service_url`
 * setting), else the in-app thread with the operators.
 */
export function KefuPage() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const user = useUserInfo().data;
  const lang = useStore((s) => s.lang);
  const chatUrl = site.data?.customer_service_url ?? '';
  if (site.isPending) {
    return (
      <div className="page">
        <NavBar title={t('page.kefu')} />
        <Loading />
      </div>
    );
  }
  if (isUrl(chatUrl)) {
    return user ? (
      <Navigate to={chatAddress(chatUrl, user.id, lang)} replace />
    ) : (
      <div className="page">
        <NavBar title={t('page.kefu')} />
        <Loading />
      </div>
    );
  }
  return <Thread />;
}

/** The thread: messages oldest first, read up to the newest shown; answers arrive over realtime and on focus. */
function Thread() {
  const { t } = useTranslation();
  const thread = useSupportThread();
  const refresh = useRefreshSupport();
  const markRead = useMarkSupportRead();
  useUserEvent<SupportMessage>(SUPPORT_REALTIME_EVENT, () => void refresh());
  const pages = thread.data?.pages;
  const messages = useMemo(() => (pages ?? []).flatMap((page) => page.messages).reverse(), [pages]);
  const newest = pages?.[0]?.messages[0];
  const unread = pages?.[0]?.unread ?? 0;
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (newest && unread > 0 && !markRead.isPending) markRead.mutate(newest.id);
    // Marked once per newest message; the mutation's state is not a reason to mark again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest?.id, unread]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest?.id]);

  return (
    <div className="page kefu">
      <NavBar title={t('page.kefu')} />
      <PageState query={thread}>
        {() => (
          <section className="kefu__thread" aria-label={t('kefu.messages')}>
            {thread.hasNextPage && (
              <Button className="kefu__older" size="small" shape="rounded" fill="outline" loading={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
                {t('kefu.older')}
              </Button>
            )}
            {messages.length === 0 ? <Empty>{t('kefu.empty')}</Empty> : messages.map((message) => <Message key={message.id} message={message} />)}
            <div ref={end} />
          </section>
        )}
      </PageState>
      <Composer />
    </div>
  );
}

function Message({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const author = t(message.author === 'user' ? 'kefu.you' : 'kefu.service');
  return (
    <article className={`kefu__message kefu__message--${message.author}`} aria-label={author}>
      {message.body && <p className="kefu__bubble">{message.body}</p>}
      {message.image && <img className="kefu__image" src={message.image} alt={t('kefu.image')} />}
      <span className="kefu__meta">
        {author} · {shownAt(message.created_at)}
      </span>
    </article>
  );
}

/** The text (at most SUPPORT_MESSAGE_CHARS_MAX characters, counted down) and one image, sent together. */
function Composer() {
  const { t } = useTranslation();
  const send = useSendSupport();
  const labels: ChatComposerLabels = {
    empty: t('kefu.emptyMessage'),
    tooLong: t('kefu.tooLong', { max: SUPPORT_MESSAGE_CHARS_MAX }),
    image: t('kefu.image'),
    removeImage: t('kefu.removeImage'),
    attach: t('kefu.attach'),
    message: t('kefu.message'),
    placeholder: t('kefu.placeholder'),
    send: t('kefu.send'),
    // Past the limit it says how many too many, not "-1 characters left".
    charsLeft: (count) => (count < 0 ? t('kefu.charsOver', { count: -count }) : t('kefu.charsLeft', { count })),
  };
  return <ChatComposer className="kefu__composer" maxChars={SUPPORT_MESSAGE_CHARS_MAX} labels={labels} pending={send.isPending} send={(message) => send.mutateAsync(message)} />;
}
