/** What the wealth back-office screens (mining, IEO, dual investment) share besides paged tables and form modals. */
import { Input } from 'antd';
import type { CSSProperties } from 'react';
import { useI18n } from '../i18n.tsx';

/** Per-coin totals of a job's run, "12.5 USDT · 300 FAIR", or a dash when it moved nothing. */
export const coinTotals = (figures: Record<string, string> | undefined, separator = ' · ') =>
  Object.entries(figures ?? {})
    .map(([coin, amount]) => `${amount} ${coin}`)
    .join(separator) || '—';

/** A server instant (epoch ms) in the operator's language, or a dash where there is none yet. */
export function useInstantText() {
  const { formatTime } = useI18n();
  return (ms: number | null) => (ms === null ? '—' : formatTime(new Date(ms).toISOString()));
}

/** A search box for one id (a user's, a product's); an empty or non-numeric entry clears the filter. */
export function IdSearch({ label, value, onSearch, style }: { label: string; value: number | undefined; onSearch: (id: number | undefined) => void; style: CSSProperties }) {
  return <Input.Search aria-label={label} placeholder={label} defaultValue={value ? String(value) : ''} onSearch={(text) => onSearch(Number(text.trim()) || undefined)} style={style} />;
}
