import type { AccountKind } from '@fairex/contract';
import { isZero } from '@fairex/contract/money';
import { isTransferTarget, toAccountKind, TRANSFER_TARGET_KINDS } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALES } from '../../i18n/index.ts';
import { useStore } from '../../store/store.ts';
import './funds.css';

/** The label of an account kind, given as the server names it (legacy field, domain name or id). */
export function useKindLabel() {
  const { t } = useTranslation();
  return (field: string) => {
    const kind = toAccountKind(field);
    return kind ? t(`funds.kind.${kind}`) : field;
  };
}

/**
 * The label of an account a transfer can go into, named by the products that draw on it ("Contract
 * account · futures, stocks, copy trading"); any other kind by its plain label.
 */
export function useTargetLabel() {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  return (kind: AccountKind) => (isTransferTarget(kind) ? t(`funds.target.${kind}`) : kindLabel(kind));
}

type AccountFigures = { balance: string; available: string; frozen: string; locked: string; margin?: string; profit?: string };
type FigureKey = 'balance' | 'available' | 'frozen' | 'locked' | 'marginInUse' | 'unrealisedProfit';

/**
 * The figures an account shows of a coin, by their funds.* label. The contract account also shows what
 * its open positions hold: the margin in use (counted in the balance) and their unrealised P&L (apart).
 */
export function accountFigures(kind: string, coin: AccountFigures): [FigureKey, string][] {
  const figures: [FigureKey, string][] = [
    ['balance', coin.balance],
    ['available', coin.available],
    ['frozen', coin.frozen],
    ['locked', coin.locked],
  ];
  return toAccountKind(kind) === 'contract' ? [...figures, ['marginInUse', coin.margin ?? '0'], ['unrealisedProfit', coin.profit ?? '0']] : figures;
}

/** The kinds products keep money in: the transfer targets, and mining and financial (what mining and dual investment lock). */
const PRODUCT_KINDS: readonly string[] = [...TRANSFER_TARGET_KINDS, 'mining', 'financial'];

/** Whether the assets list an account: one a product uses, or any other while it still holds something. */
export const isShownAccount = (kind: string, balances: readonly { balance: string }[]) => PRODUCT_KINDS.includes(kind) || balances.some((b) => !isZero(b.balance));

/** A server time (ISO text or epoch ms) in the reader's language. */
export function useFormatTime() {
  const lang = useStore((s) => s.lang);
  return (at: string | number) => new Date(at).toLocaleString(INTL_LOCALES[lang]);
}

/** "Load more" under a paged list, or "no more data" once the last page is in. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="funds-more">
      {hasMore ? (
        <Button size="small" shape="rounded" fill="outline" loading={loading} onClick={onMore}>
          {t('funds.loadMore')}
        </Button>
      ) : (
        <span className="muted">{t('funds.noMore')}</span>
      )}
    </div>
  );
}

/** A labelled native select (accessible by its label). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="funds-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One image picked from the device (spec section 5: one at a time), with its preview; the label names the input. */
export function ImagePicker({ label, file, onChange, error }: { label: string; file: File | null; onChange: (file: File | null) => void; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const [typeError, setTypeError] = useState(false);
  return (
    <div className="funds-image">
      <span className="funds-image__label" id={`${id}-label`}>
        {label}
      </span>
      <label className="funds-image__box" htmlFor={id}>
        {preview ? <img src={preview} alt={label} /> : <span>{t('funds.pickImage')}</span>}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*"
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          const input = event.currentTarget;
          const picked = input.files?.[0] ?? null;
          input.value = '';
          if (picked && !picked.type.startsWith('image/')) {
            setTypeError(true);
            return;
          }
          setTypeError(false);
          onChange(picked);
        }}
      />
      {(typeError || error) && (
        <p className="field__error" role="alert">
          {typeError ? t('validation.imageOnly') : error}
        </p>
      )}
    </div>
  );
}

/** An empty list's message. */
export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return <p className="empty">{children ?? t('funds.empty')}</p>;
}
