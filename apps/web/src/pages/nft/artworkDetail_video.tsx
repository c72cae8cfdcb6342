import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar.tsx';
import { ItemDetail } from '../../components/nft/item-detail.tsx';
import { NFT_HOME_PATH } from '../../components/nft/nft.tsx';

/** /pages/nft/artworkDetail_video?code= (public): a video artwork's page, the video player (seekable) on top. */
export function NftArtworkDetailVideoPage() {
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
