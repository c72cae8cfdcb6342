import type { Catalogue } from '../catalogue.ts';

/** kefu: kor strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {};
