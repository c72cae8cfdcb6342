/**
 * The routes open without a session (spec section 6: every other route asks for one). routes.tsx marks
 * these public (routes.test.ts checks it marks exactly these), and the layout journey sweeps them as a
 * visitor sees them. No imports: the e2e journeys read it in node.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  '/', '/pages/index/index', '/pages/market/market', '/pages/transaction/index', '/pages/financial/index',
  '/pages/common/login', '/pages/common/register', '/pages/common/forget', '/pages/common/area', '/pages/common/aboutus',
  '/pages/common/faq', '/pages/common/contactus', '/pages/common/article',
  // Market search and a spot pair's page (price, chart, book) are looked at without a session; ordering asks for one.
  '/pages/market/search', '/pages/transaction/currency',
  // Wealth products are browsed without a session; buying and holdings ask for one.
  '/pages/lockming/lockming', '/pages/lockming/welcome', '/pages/ieo/ieo', '/pages/invest/invest', '/pages/invest/help',
  // The NFT catalogue too; buying, bidding and one's own NFTs ask for one.
  '/pages/nft/nft', '/uview-ui/nft/nft', '/pages/nft/artistDetail', '/pages/nft/artworkDetail', '/pages/nft/artworkDetail_video',
  '/pages/nft/components/artist', '/pages/nft/components/artwork', '/pages/nft/components/search', '/pages/nft/components/collection',
  // Copy trading's trader list and trader pages; following, one's own copies and applying ask for one.
  '/pages/follow/index', '/pages/follow/trader',
  // The transparency page (issue 26): the audit, proofs and chain heads anyone can check.
  '/pages/common/transparency',
];
