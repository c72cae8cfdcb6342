import type { Catalogue } from '../catalogue.ts';

/** kefu: spa strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {};
