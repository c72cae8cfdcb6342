import type { Catalogue } from '../catalogue.ts';

/** wealth: spa strings, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {};
