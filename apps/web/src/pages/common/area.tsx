import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/search-field.tsx';
import { NavBar, useGoBack } from '../../components/nav-bar.tsx';
import { INTL_LOCALES } from '../../i18n/index.ts';
import { AREA_CODE_DRAFT, writeDraft } from '../../store/drafts.ts';
import { useStore } from '../../store/store.ts';
import { AREA_CODES } from './area-codes.ts';
import { useAreaCode } from './account-form.tsx';

type Area = { region: string; dialCode: string; name: string; englishName: string };

function useAreas(): Area[] {
  const lang = useStore((s) => s.lang);
  return useMemo(() => {
    const locale = INTL_LOCALES[lang];
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    return AREA_CODES.map(([region, dialCode]) => ({
      region,
      dialCode,
      name: names.of(region) ?? region,
      englishName: english.of(region) ?? region,
    })).sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [lang]);
}

/** Area code selection: a searchable list of countries and regions; the choice returns to the form that opened it. */
export function AreaPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const areas = useAreas();
  const current = useAreaCode();
  const [query, setQuery] = useState('');

  const needle = query.trim().toLowerCase().replace(/^\+/, '');
  const shown = needle
    ? areas.filter(
        (area) =>
          area.name.toLowerCase().includes(needle) ||
          area.englishName.toLowerCase().includes(needle) ||
          area.dialCode.startsWith(needle) ||
          area.region.toLowerCase() === needle,
      )
    : areas;

  function choose(area: Area) {
    writeDraft(AREA_CODE_DRAFT, area.dialCode);
    goBack();
  }

  return (
    <div className="page">
      <NavBar title={t('area.title')} />
      <SearchField value={query} onChange={setQuery} placeholder={t('area.search')} />
      {shown.length === 0 ? (
        <p className="empty">{t('area.empty')}</p>
      ) : (
        <ul className="area-list" aria-label={t('area.title')}>
          {shown.map((area) => {
            const selected = area.dialCode === current;
            return (
              <li key={area.region}>
                <button
                  type="button"
                  className={selected ? 'area-list__item area-list__item--selected' : 'area-list__item'}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => choose(area)}
                >
                  <span className="area-list__name">{area.name}</span>
                  <span className="area-list__code">+{area.dialCode}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
