import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar.tsx';
import { ListingGrid } from '../../components/nft/browser.tsx';

/** /pages/nft/myNft (login): "my collection", the artworks and boxes the user marked as favourites. */
export function NftMyNftPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.myCollection')} />
      <div className="nft-browser">
        <ListingGrid filters={{ favourite: true }} label={t('nft.favourites')} />
      </div>
    </div>
  );
}
