import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the get-code button stays greyed after a code was sent. */
export const CODE_RESEND_SECONDS = 60;

/**
 * When each button (by its key) may send again: kept in the tab's session storage, so a trip to another
 * page or a reload keeps the countdown (the server limits sends anyway; this only saves a refused try).
 */
const storageKey = (key: string) => `code-resend:${key}`;
const resendAt = {
  get: (key: string) => Number(sessionStorage.getItem(storageKey(key)) ?? 0),
  set: (key: string, at: number) => sessionStorage.setItem(storageKey(key), String(at)),
};

const secondsLeft = (key: string) => Math.max(0, Math.ceil((resendAt.get(key) - Date.now()) / 1000));

/**
 * The get-code button: normal, then greyed with a 60 s countdown once the code was sent. `onSend`
 * validates and sends; it resolves true when a code went out.
 */
export function CodeButton({ timerKey, onSend }: { timerKey: string; onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsLeft(timerKey));
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setLeft(secondsLeft(timerKey));
    const timer = setInterval(() => setLeft(secondsLeft(timerKey)), 1000);
    return () => clearInterval(timer);
  }, [timerKey]);

  const sent = left > 0;
  async function send() {
    if (sent || sending) return;
    setSending(true);
    try {
      if (await onSend()) {
        resendAt.set(timerKey, Date.now() + CODE_RESEND_SECONDS * 1000);
        setLeft(CODE_RESEND_SECONDS);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      className={sent ? 'code-button code-button--sent' : 'code-button'}
      disabled={sent || sending}
      data-state={sent ? 'sent' : 'normal'}
      onClick={() => void send()}
    >
      {sent ? t('auth.resendIn', { seconds: left }) : t('auth.getCode')}
    </button>
  );
}
