import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNftArtist } from '../../api/nft.ts';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { ListingGrid } from '../../components/nft/browser.tsx';
import { ArtistAvatar } from '../../components/nft/lists.tsx';
import { NFT_ARTISTS_PATH } from '../../components/nft/nft.tsx';

/** /pages/nft/artistDetail?uid= (public): an artist's picture, name and biography, and their artworks; an unknown uid says so. */
export function NftArtistDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = Number(params.get('uid')) || 0;
  const artist = useNftArtist(uid);
  if (uid <= 0) return <Navigate to={NFT_ARTISTS_PATH} replace />;
  return (
    <div className="page">
      <NavBar title={artist.data?.artist.name ?? t('page.artist')} />
      <PageState query={artist} notFound={<NotFound title={t('nft.artistNotFound')} backTo={NFT_ARTISTS_PATH} backLabel={t('nft.allArtists')} />}>
        {({ artist: found }) => (
          <>
            <section className="card nft-artist-head" aria-label={found.name}>
              <ArtistAvatar artist={found} large />
              <h2>
                {found.name}
                <DemoBadge demo={found.demo} />
              </h2>
              <span className="muted">{t('nft.works', { count: found.works })}</span>
              {found.bio && <p>{found.bio}</p>}
            </section>
            <div className="nft-browser">
              <ListingGrid filters={{ artist: found.uid }} label={t('nft.artworks')} />
            </div>
          </>
        )}
      </PageState>
    </div>
  );
}
