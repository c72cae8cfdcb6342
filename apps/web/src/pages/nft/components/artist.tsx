import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar.tsx';
import { ArtistList } from '../../../components/nft/lists.tsx';

/** /pages/nft/components/artist (public): the artists, searchable, each opening their page. */
export function NftComponentsArtistPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.artists')} />
      <ArtistList />
    </div>
  );
}
