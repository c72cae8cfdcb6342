import type { Catalogue } from '../catalogue.ts';

/** content: zh strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {};
