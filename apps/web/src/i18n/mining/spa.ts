import type { Catalogue } from '../catalogue.ts';

/** mining: spa strings, the same keys as ./en.ts. */
export const mining: Catalogue['mining'] = {};
