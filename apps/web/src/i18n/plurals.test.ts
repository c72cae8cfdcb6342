/**
 * Proves counts are worded by each language's own plural rules (i18next's forms, chosen by Intl.PluralRules
 * of the language's BCP 47 tag, not the app's code): English and French "one" differ at 0, Japanese and
 * Chinese have one form, and French and Spanish word a million without falling back to English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './index.ts';

describe('plural forms', () => {
  beforeAll(async () => {
    for (const lang of ['jp', 'hk', 'fra', 'spa'] as const) await loadLanguage(lang);
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  const works = (lng: string, count: number) => i18n.t('nft.works', { lng, count });

  it('says "1 work" and "0 works" in English, "1 œuvre" and "0 œuvre" in French', () => {
    expect([works('en', 1), works('en', 0), works('en', 2)]).toEqual(['1 work', '0 works', '2 works']);
    expect([works('fra', 1), works('fra', 0), works('fra', 2)]).toEqual(['1 œuvre', '0 œuvre', '2 œuvres']);
  });

  it('has one form in Japanese and Traditional Chinese, whatever the device language', () => {
    expect(works('jp', 1)).toBe(i18n.getResource('jp', 'translation', 'nft.works_other').replace('{{count}}', '1'));
    expect(works('hk', 1)).toBe(i18n.getResource('hk', 'translation', 'nft.works_other').replace('{{count}}', '1'));
  });

  it('words a million in French and Spanish, not in English', () => {
    expect(works('fra', 1_000_000)).toBe('1000000 œuvres');
    expect(works('spa', 1_000_000)).toBe('1000000 obras');
  });
});
