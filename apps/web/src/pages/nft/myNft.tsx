import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar.tsx';
import { ListingGrid } from '../../components/nft/browser.tsx';

/** /pages/nft/myNft (login): the favourites, the artworks and boxes the user marked with ♡ (named so, not "my collection", which reads like My NFTs). */
export function NftMyNftPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('nft.favourites')} />
      <div className="nft-browser">
        <ListingGrid filters={{ favourite: true }} label={t('nft.favourites')} empty={t('nft.noFavourites')} />
      </div>
    </div>
  );
}
