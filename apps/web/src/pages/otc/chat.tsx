import { OTC_MESSAGE_CHARS_MAX } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOtcMessages, useSendOtcMessage, type OtcOrderView } from '../../api/otc.ts';
import { Empty } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { ChatComposer, type ChatComposerLabels } from '../../components/chat-composer.tsx';
import type { OtcMessageView } from '@fairex/contract';

/**
 * The order's chat between its two sides (and an operator deciding an appeal): oldest first with older
 * pages on demand, text and one image per message; new messages arrive by the order's realtime signal.
 */
export function OrderChat({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const thread = useOtcMessages(order.id);
  const pages = thread.data?.pages;
  const messages = useMemo(() => (pages ?? []).flatMap((page) => page.messages).reverse(), [pages]);
  const log = useRef<HTMLDivElement>(null);
  const newest = pages?.[0]?.messages[0]?.id;
  // The thread scrolls within itself to the newest message; the page stays where the reader is.
  useEffect(() => {
    const thread = log.current;
    if (thread) thread.scrollTop = thread.scrollHeight;
  }, [newest]);
  return (
    <section className="card otc-chat" aria-label={t('otc.chat')}>
      <h2 className="otc-step__title">{t('otc.chat')}</h2>
      <PageState query={thread}>
        {() => (
          <div ref={log} className="otc-chat__thread" role="log" aria-label={t('otc.messages')}>
            {thread.hasNextPage && (
              <Button size="small" shape="rounded" fill="outline" loading={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
                {t('otc.olderMessages')}
              </Button>
            )}
            {messages.length === 0 ? <Empty>{t('otc.noMessages')}</Empty> : messages.map((message) => <Message key={message.id} message={message} />)}
          </div>
        )}
      </PageState>
      <Composer orderId={order.id} />
    </section>
  );
}

function Message({ message }: { message: OtcMessageView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const author = t(`otc.author.${message.author}`);
  return (
    <article className={`otc-message otc-message--${message.author}`} aria-label={author}>
      {message.body && <p className="otc-message__bubble">{message.body}</p>}
      {message.image && <img className="otc-message__image" src={message.image} alt={t('otc.image')} />}
      <span className="otc-message__meta">
        {author} · {shownAt(message.created_at)}
      </span>
    </article>
  );
}

function Composer({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const send = useSendOtcMessage(orderId);
  const labels: ChatComposerLabels = {
    empty: t('otc.emptyMessage'),
    tooLong: t('otc.tooLong', { max: OTC_MESSAGE_CHARS_MAX }),
    image: t('otc.image'),
    removeImage: t('otc.removeImage'),
    attach: t('otc.attach'),
    message: t('otc.message'),
    placeholder: t('otc.messagePlaceholder'),
    send: t('otc.send'),
  };
  return <ChatComposer maxChars={OTC_MESSAGE_CHARS_MAX} labels={labels} pending={send.isPending} send={(message) => send.mutateAsync(message)} />;
}
