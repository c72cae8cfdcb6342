import type { en } from './en.ts';

/** The shape every language's catalogue has: the English keys, every value a string. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalogue = Strings<typeof en>;
