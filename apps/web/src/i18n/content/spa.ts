import type { Catalogue } from '../catalogue.ts';

/** content: spa strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {};
