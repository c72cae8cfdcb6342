import type { Catalogue } from '../catalogue.ts';

/** nft: zh strings, the same keys as ./en.ts. */
export const nft: Catalogue['nft'] = {};
