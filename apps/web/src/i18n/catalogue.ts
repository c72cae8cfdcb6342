import type { en } from './en.ts';
import type { enPages } from './en-pages.ts';

/** The plural categories of CLDR: i18next shows `key_<category>` as the language's rules pick it (Intl.PluralRules). */
export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * The shape every language's catalogue has: the English keys (en.ts and en-pages.ts), every value a string. A plural (a key that
 * has an `_other` form in English) carries `_other` and the other forms its own language has: Chinese
 * only `_other`, French `_one`, `_many` and `_other` (catalogues.test.ts checks each has exactly its own).
 */
type Strings<T> = {
  [K in keyof T as K extends `${string}_${PluralForm}` ? never : K]: T[K] extends string ? string : Strings<T[K]>;
} & {
  [K in keyof T as K extends `${string}_other` ? K : never]: string;
} & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${Exclude<PluralForm, 'other'>}` : never]?: string;
};
export type Catalogue = Strings<typeof en & typeof enPages>;
