import type { Catalogue } from '../catalogue.ts';

/** notice: jp strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {};
