import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar.tsx';
import { CollectionList } from '../../../components/nft/lists.tsx';

/** /pages/nft/components/collection (public): the collections, each opening its artworks. */
export function NftComponentsCollectionPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.collections')} />
      <div className="nft-browser">
        <CollectionList />
      </div>
    </div>
  );
}
