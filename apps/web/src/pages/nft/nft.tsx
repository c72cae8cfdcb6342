import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NavBar } from '../../components/nav-bar.tsx';
import { ArtworkBrowser } from '../../components/nft/browser.tsx';
import { ArtistList, CollectionList } from '../../components/nft/lists.tsx';
import { NFT_FAVOURITES_PATH, NFT_MINE_PATH, NFT_RECORDS_PATH } from '../../components/nft/nft.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { useTabParam } from '../../components/use-tab-param.ts';

const SECTIONS = ['artworks', 'artists', 'collections'] as const;
type Section = (typeof SECTIONS)[number];

/** The marketplace: shortcuts to the user's NFTs, records and favourites, and the three sections. */
export function Marketplace() {
  const { t } = useTranslation();
  const [section, setSection] = useTabParam(SECTIONS);
  return (
    <>
      <nav className="nft-shortcuts" aria-label={t('nft.shortcuts')}>
        <Link className="pill pill--ghost" to={NFT_MINE_PATH}>
          {t('nft.mine')}
        </Link>
        <Link className="pill pill--ghost" to={NFT_RECORDS_PATH}>
          {t('nft.records')}
        </Link>
        <Link className="pill pill--ghost" to={NFT_FAVOURITES_PATH}>
          {t('nft.favourites')}
        </Link>
      </nav>
      <SegmentTabs
        label={t('nft.sections')}
        options={SECTIONS.map((value) => ({ value, label: t(`nft.${value}`) }))}
        value={section}
        onChange={(next) => setSection(next)}
      />
      {section === 'artworks' && <ArtworkBrowser />}
      {section === 'artists' && <ArtistList />}
      {section === 'collections' && (
        <div className="nft-browser">
          <CollectionList />
        </div>
      )}
    </>
  );
}

/**
 * /pages/nft/nft?tab=artworks|artists|collections (public): browse the artworks with search, filters
 * (coin, sale type, status, media type) and "load more", the artists and the collections.
 */
export function NftNftPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.nft')} />
      <Marketplace />
    </div>
  );
}
