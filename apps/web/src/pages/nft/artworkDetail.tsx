import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar.tsx';
import { ItemDetail } from '../../components/nft/item-detail.tsx';
import { NFT_HOME_PATH } from '../../components/nft/nft.tsx';

/**
 * /pages/nft/artworkDetail?code= (public): an artwork (image, GIF or audio with its player), a blind-box
 * series or a box: owner, creator, rarity, the sale with its countdown, bids, transfer history, the
 * viewer's order to pay, box opening and the draw's verification. Without a code: the marketplace.
 */
export function NftArtworkDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  if (code === '') return <Navigate to={NFT_HOME_PATH} replace />;
  return (
    <div className="page">
      <NavBar title={t('page.artwork')} />
      <ItemDetail key={code} code={code} />
    </div>
  );
}
