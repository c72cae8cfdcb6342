import type { Catalogue } from '../catalogue.ts';

/** content: fra strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {};
