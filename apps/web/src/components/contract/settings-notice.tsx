import type { ContractSettings } from '@fairex/contract';
import { mul } from '@fairex/contract/money';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../funds/funds.tsx';

type Field = ContractSettings['scheduled_changes'][number]['field'];

/** A setting's value as the contract screen shows it: the threshold in percent, the rate as a percentage, the spread as a price. */
const shown = (field: Field, value: string) => (field === 'maintenance_threshold' ? `${value}%` : field === 'overnight_rate' ? `${mul(value, 100)}%` : value);
const current = (settings: ContractSettings, field: Field) => settings[field];

/**
 * The operator's changes of the maintenance threshold, overnight rate or spread that apply later (24 h
 * after they were made, contract-settings-rules.ts): each with the value now, the new value and from
 * when, so a user can adjust positions before it applies. Nothing shows when none is scheduled.
 */
export function ContractSettingsNotice({ settings }: { settings: ContractSettings }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  if (settings.scheduled_changes.length === 0) return null;
  return (
    <section className="contract-closed" role="note" aria-label={t('contract.upcomingTitle')}>
      <p>{t('contract.upcomingTitle')}</p>
      <ul>
        {settings.scheduled_changes.map((change) => (
          <li key={change.field}>
            {t('contract.upcomingChange', {
              setting: t(`contract.setting.${change.field}`),
              from: shown(change.field, current(settings, change.field)),
              to: shown(change.field, change.value),
              at: formatTime(change.effective_at),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
