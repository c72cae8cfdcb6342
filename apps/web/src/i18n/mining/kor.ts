import type { Catalogue } from '../catalogue.ts';

/** mining: kor strings, the same keys as ./en.ts. */
export const mining: Catalogue['mining'] = {};
