/**
 * Proves the eight catalogues carry the same keys, keep their placeholders, and leave no English behind; a
 * plural carries exactly the forms of its language (Chinese one, English two, French three).
 */
import { LANGS } from '@fairex/contract/lang';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './all-catalogues.ts';
import { INTL_LOCALES } from './index.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>(
    (flat, [key, value]) => Object.assign(flat, typeof value === 'string' ? { [prefix + key]: value } : flatten(value, `${prefix}${key}.`)),
    {},
  );
}

/** Words that are spelled the same in English and in that language, checked one by one. */
const SAME_AS_ENGLISH: Partial<Record<string, string[]>> = {
  fra: ['page.article', 'page.collections', 'home.services', 'auth.mobile', 'user.mobile', 'funds.destination'],
};

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key's plural group (`nft.works` for `nft.works_one`), or the key itself. */
const groupOf = (key: string, plurals: Set<string>) => (PLURAL.test(key) && plurals.has(key.replace(PLURAL, '')) ? key.replace(PLURAL, '') : key);

describe('catalogues', () => {
  const english = flatten(CATALOGUES.en as unknown as Tree);
  /** The plural groups: the keys English has an `_other` form of. */
  const plurals = new Set(Object.keys(english).filter((key) => key.endsWith('_other')).map((key) => key.replace(PLURAL, '')));
  const groups = (keys: string[]) => [...new Set(keys.map((key) => groupOf(key, plurals)))].sort();

  it.each(LANGS.filter((lang) => lang !== 'en'))('%s has every key, translated, with the same placeholders', (lang) => {
    const catalogue = flatten(CATALOGUES[lang] as unknown as Tree);
    expect(groups(Object.keys(catalogue))).toEqual(groups(Object.keys(english)));
    const untranslated = Object.keys(english).filter((key) => catalogue[key] === english[key]);
    expect(untranslated.sort()).toEqual([...(SAME_AS_ENGLISH[lang] ?? [])].sort());
    // A plural form's placeholders are those of the English `_other` form.
    for (const [key, text] of Object.entries(catalogue)) {
      const group = groupOf(key, plurals);
      expect([key, placeholders(text)]).toEqual([key, placeholders(english[group === key ? key : `${group}_other`] ?? '')]);
    }
    for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
  });

  it.each(LANGS)('%s gives every plural exactly the forms its language has (Intl.PluralRules)', (lang) => {
    const forms = new Intl.PluralRules(INTL_LOCALES[lang]).resolvedOptions().pluralCategories.map((category) => `_${category}`).sort();
    const keys = Object.keys(flatten(CATALOGUES[lang] as unknown as Tree));
    const wrong = [...plurals].flatMap((group) => {
      const has = keys.filter((key) => groupOf(key, plurals) === group).map((key) => key.slice(group.length)).sort();
      return has.join() === forms.join() ? [] : [`${group}: has ${has.join(' ')}, needs ${forms.join(' ')}`];
    });
    expect(wrong).toEqual([]);
  });
});
