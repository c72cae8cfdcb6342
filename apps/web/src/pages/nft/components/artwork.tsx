import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNftCollections } from '../../../api/nft.ts';
import { NavBar } from '../../../components/nav-bar.tsx';
import { ArtworkBrowser } from '../../../components/nft/browser.tsx';

/**
 * /pages/nft/components/artwork?collection= (public): the artworks with search and filters; with a
 * collection id, that collection's artworks under its name.
 */
export function NftComponentsArtworkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const collection = Number(params.get('collection')) || undefined;
  const collections = useNftCollections();
  const named = collection === undefined ? undefined : collections.data?.find((c) => c.id === collection);
  return (
    <div className="page">
      <NavBar title={named?.name ?? t('page.artworks')} />
      {named?.description && <p className="nft-hint nft-browser">{named.description}</p>}
      <ArtworkBrowser key={collection ?? 0} base={collection === undefined ? {} : { collection }} />
    </div>
  );
}
