import type { Catalogue } from '../catalogue.ts';

/** otc: kor strings, the same keys as ./en.ts. */
export const otc: Catalogue['otc'] = {};
