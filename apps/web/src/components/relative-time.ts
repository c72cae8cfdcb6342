import { relativeTime } from '@fairex/contract/format';
import { useTranslation } from 'react-i18next';

/**
 * The one time format of every list in the app. A time as spec section 9 shows it, in the reader's language: "just now" under 5 minutes, then minutes,
 * hours, days up to 30 days, then the date (the contract's relativeTime rule, with its worked examples).
 */
export function useRelativeTime() {
  const { t } = useTranslation();
  return (at: number, now = Date.now()): string => {
    const shown = relativeTime(at, now);
    switch (shown.unit) {
      case 'just_now':
        return t('notice.time.justNow');
      case 'minutes':
        return t('notice.time.minutes', { count: shown.value });
      case 'hours':
        return t('notice.time.hours', { count: shown.value });
      case 'days':
        return t('notice.time.days', { count: shown.value });
      case 'date':
        return shown.value;
    }
  };
}
