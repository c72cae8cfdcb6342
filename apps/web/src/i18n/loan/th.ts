import type { Catalogue } from '../catalogue.ts';

/** loan: th strings, the same keys as ./en.ts. */
export const loan: Catalogue['loan'] = {};
