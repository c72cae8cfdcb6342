import type { Catalogue } from '../catalogue.ts';

/** kefu: th strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {};
