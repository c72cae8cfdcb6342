import type { Catalogue } from '../catalogue.ts';

/** ieo: fra strings, the same keys as ./en.ts. */
export const ieo: Catalogue['ieo'] = {};
