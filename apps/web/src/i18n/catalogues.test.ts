/** Proves the eight catalogues carry the same keys, keep their placeholders, and leave no English behind. */
import { LANGS } from '@fairex/contract/lang';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './all-catalogues.ts';

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

describe('catalogues', () => {
  const english = flatten(CATALOGUES.en as unknown as Tree);

  it.each(LANGS.filter((lang) => lang !== 'en'))('%s has every key, translated, with the same placeholders', (lang) => {
    const catalogue = flatten(CATALOGUES[lang] as unknown as Tree);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    const untranslated = Object.keys(english).filter((key) => catalogue[key] === english[key]);
    expect(untranslated).toEqual(SAME_AS_ENGLISH[lang] ?? []);
    for (const [key, text] of Object.entries(english)) expect([key, placeholders(catalogue[key]!)]).toEqual([key, placeholders(text)]);
    for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
  });
});
