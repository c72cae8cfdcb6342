import { Button, Flex, Input, Select } from 'antd';
import { useSearchParams } from 'react-router';
import type { CurrencyOption, ReviewStatus } from '../api.ts';
import { useI18n } from '../i18n.tsx';

type Props = {
  statuses: readonly ReviewStatus[];
  /** Coins to filter by (recharges, withdrawals). */
  currencies?: CurrencyOption[];
  /** Identity reviews filter by level instead. */
  levels?: boolean;
};

/** The filter bar of a review queue; every change rewrites the URL and goes back to page 1. */
export function ReviewFilters({ statuses, currencies, levels }: Props) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string | undefined) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('page');
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <Flex gap="small" wrap align="center">
      <Select<string>
        aria-label={t('review.status')}
        value={params.get('status') ?? ''}
        onChange={(value) => set('status', value)}
        options={[{ value: '', label: t('review.allStatuses') }, ...statuses.map((status) => ({ value: status, label: t(`review.${status}`) }))]}
        style={{ width: 160 }}
      />
      {currencies && (
        <Select<string>
          aria-label={t('review.currency')}
          value={params.get('currency_id') ?? ''}
          onChange={(value) => set('currency_id', value)}
          options={[{ value: '', label: t('review.allCurrencies') }, ...currencies.map((coin) => ({ value: String(coin.id), label: coin.name }))]}
          style={{ width: 160 }}
        />
      )}
      {levels && (
        <Select<string>
          aria-label={t('identity.level')}
          value={params.get('level') ?? ''}
          onChange={(value) => set('level', value)}
          options={[
            { value: '', label: t('identity.allLevels') },
            { value: '1', label: t('identity.basic') },
            { value: '2', label: t('identity.advanced') },
          ]}
          style={{ width: 180 }}
        />
      )}
      <Input.Search
        // Remounted when the URL changes, so Reset and Back show the filter in force.
        key={params.get('user_id') ?? ''}
        aria-label={t('review.userId')}
        placeholder={t('review.userId')}
        defaultValue={params.get('user_id') ?? ''}
        enterButton={t('review.filter')}
        allowClear
        inputMode="numeric"
        onSearch={(value) => set('user_id', /^\d+$/.test(value.trim()) ? value.trim() : undefined)}
        style={{ width: 240 }}
      />
      <Button onClick={() => setParams({})}>{t('review.reset')}</Button>
    </Flex>
  );
}
