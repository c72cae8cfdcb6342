import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTickChain, type TickCheck as Checked } from '../api/ticks.ts';

/**
 * The open and close index tick ids of a result, with a "check" action: it fetches the ticks between
 * them from the public endpoint and recomputes the hash chain in the browser (api/ticks.ts), then says
 * verified or not verified.
 */
export function TickCheck({ openId, closeId }: { openId: string; closeId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'checking' | Checked | 'failed'>('idle');
  const check = async () => {
    setState('checking');
    try {
      setState(await checkTickChain(openId, closeId));
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="tick-check">
      <span className="muted">{t('ticks.ids', { open: openId, close: closeId })}</span>{' '}
      {state === 'idle' || state === 'failed' ? (
        <button type="button" className="link-button" onClick={(e) => {
            e.stopPropagation();
            void check();
          }}>
          {t(state === 'failed' ? 'ticks.checkAgain' : 'ticks.check')}
        </button>
      ) : (
        <span role="status" className={state === 'verified' ? 'up' : state === 'not_verified' ? 'down' : 'muted'}>
          {t(`ticks.${state === 'not_verified' ? 'notVerified' : state}`)}
        </span>
      )}
    </span>
  );
}
