import { Select } from 'antd';
import { LANGS, useI18n, type Lang } from '../i18n.tsx';

const LANG_NAMES: Record<Lang, string> = { en: 'English', zh: '中文' };

export function LanguageSelect() {
  const { lang, setLang, t } = useI18n();
  return (
    <Select<Lang>
      aria-label={t('header.language')}
      value={lang}
      onChange={setLang}
      options={LANGS.map((value) => ({ value, label: LANG_NAMES[value] }))}
      style={{ width: 110 }}
    />
  );
}
