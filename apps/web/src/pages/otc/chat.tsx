import { OTC_MESSAGE_CHARS_MAX } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOtcMessages, useSendOtcMessage, type OtcOrderView } from '../../api/otc.ts';
import { Empty, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { Icon } from '../../components/icon.tsx';
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
  const formatTime = useFormatTime();
  const author = t(`otc.author.${message.author}`);
  return (
    <article className={`otc-message otc-message--${message.author}`} aria-label={author}>
      {message.body && <p className="otc-message__bubble">{message.body}</p>}
      {message.image && <img className="otc-message__image" src={message.image} alt={t('otc.image')} />}
      <span className="otc-message__meta">
        {author} · {formatTime(message.created_at)}
      </span>
    </article>
  );
}

function Composer({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const send = useSendOtcMessage(orderId);
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (text === '' && !image) return setError(t('otc.emptyMessage'));
    if ([...text].length > OTC_MESSAGE_CHARS_MAX) return setError(t('otc.tooLong', { max: OTC_MESSAGE_CHARS_MAX }));
    setError(undefined);
    try {
      await send.mutateAsync({ body: text, image });
    } catch {
      return; // The api client has shown the server's message.
    }
    setBody('');
    setImage(null);
  }

  return (
    <form className="otc-composer" onSubmit={(event) => void submit(event)} noValidate>
      {preview && (
        <div className="otc-composer__preview">
          <img src={preview} alt={t('otc.image')} />
          <button type="button" className="icon-button" aria-label={t('otc.removeImage')} onClick={() => setImage(null)}>
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
      <div className="otc-composer__row">
        <label className="icon-button">
          <Icon name="image" />
          <input
            className="visually-hidden"
            type="file"
            accept="image/*"
            aria-label={t('otc.attach')}
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0] ?? null;
              event.currentTarget.value = '';
              if (picked && !picked.type.startsWith('image/')) return setError(t('validation.imageOnly'));
              setError(undefined);
              setImage(picked);
            }}
          />
        </label>
        <textarea
          className="otc-textarea"
          aria-label={t('otc.message')}
          placeholder={t('otc.messagePlaceholder')}
          rows={2}
          value={body}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setBody(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" color="primary" shape="rounded" size="small" loading={send.isPending}>
          {t('otc.send')}
        </Button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
