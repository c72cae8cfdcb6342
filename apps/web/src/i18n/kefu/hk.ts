import type { Catalogue } from '../catalogue.ts';

/** kefu: hk strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {};
