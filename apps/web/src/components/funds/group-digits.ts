import { groupDigits } from '@fairex/contract/format';
import { useMemo } from 'react';
import { INTL_LOCALES } from '../../i18n/index.ts';
import { useStore } from '../../store/store.ts';

/** Exact figures (limits, amounts as strings) with the reader's digit grouping: 1,000,000 in English, 1 000 000 in French. */
export function useGroupDigits() {
  const lang = useStore((s) => s.lang);
  const separator = useMemo(() => new Intl.NumberFormat(INTL_LOCALES[lang]).formatToParts(10_000).find((part) => part.type === 'group')?.value ?? ',', [lang]);
  return (value: string) => groupDigits(value, separator);
}
