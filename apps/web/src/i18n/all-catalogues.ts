import type { Lang } from '@fairex/contract';
import type { Catalogue } from './catalogue.ts';
import { en } from './en.ts';
import { enPages } from './en-pages.ts';
import { fra } from './fra.ts';
import { hk } from './hk.ts';
import { jp } from './jp.ts';
import { kor } from './kor.ts';
import { spa } from './spa.ts';
import { th } from './th.ts';
import { zh } from './zh.ts';

/** Every catalogue at once, for the tests that compare them; the app loads one language at a time (index.ts). */
export const CATALOGUES: Record<Lang, Catalogue> = { zh, en: { ...en, ...enPages }, hk, th, jp, kor, fra, spa };
