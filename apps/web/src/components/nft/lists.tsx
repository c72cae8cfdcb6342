import type { NftArtistView, NftCollectionView } from '@fairex/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNftArtists, useNftCollections } from '../../api/nft.ts';
import { DemoBadge } from '../demo-badge.tsx';
import { Empty } from '../funds/funds.tsx';
import { PageState } from '../funds/page-state.tsx';
import { PagedList } from '../paged-list.tsx';
import { SearchBox } from './browser.tsx';
import { nftArtistPath, nftCollectionPath } from './nft.tsx';

/** An artist's picture, or their initial on a tile. */
export function ArtistAvatar({ artist, large = false }: { artist: Pick<NftArtistView, 'avatar' | 'name'>; large?: boolean }) {
  const size = large ? 'nft-avatar nft-avatar--large' : 'nft-avatar';
  if (artist.avatar) return <img className={size} src={artist.avatar} alt="" />;
  return (
    <span className={`${size} nft-avatar--blank`} aria-hidden="true">
      {artist.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function ArtistRow({ artist }: { artist: NftArtistView }) {
  const { t } = useTranslation();
  return (
    <Link className="nft-row" to={nftArtistPath(artist.uid)}>
      <ArtistAvatar artist={artist} />
      <span className="nft-row__text">
        <strong>
          {artist.name}
          <DemoBadge demo={artist.demo} />
        </strong>
        <span className="muted">{t('nft.works', { count: artist.works })}</span>
      </span>
    </Link>
  );
}

/** The artists (getArtist), searchable by name, 10 at a time. */
export function ArtistList() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const artists = useNftArtists(keyword);
  return (
    <div className="nft-browser">
      <SearchBox value={keyword} label={t('nft.searchArtists')} placeholder={t('nft.searchArtists')} onSearch={setKeyword} />
      <PagedList query={artists} label={t('nft.artists')} empty={t('nft.noArtists')} keyOf={(row) => row.uid} className="nft-rows">
        {(row) => <ArtistRow artist={row} />}
      </PagedList>
    </div>
  );
}

function CollectionCard({ collection }: { collection: NftCollectionView }) {
  const { t } = useTranslation();
  return (
    <Link className="nft-collection" to={nftCollectionPath(collection.id)}>
      {collection.cover ? <img className="nft-collection__cover" src={collection.cover} alt="" /> : <span className="nft-collection__cover nft-cover--blank" aria-hidden="true" />}
      <span className="nft-row__text">
        <strong>
          {collection.name}
          <DemoBadge demo={collection.demo} />
        </strong>
        <span className="muted">{t('nft.items', { count: collection.items })}</span>
        {collection.description && <span className="nft-collection__text">{collection.description}</span>}
      </span>
    </Link>
  );
}

/** The collections (getCollection); each opens its artworks. */
export function CollectionList() {
  const { t } = useTranslation();
  const collections = useNftCollections();
  return (
    <PageState query={collections}>
      {(rows) =>
        rows.length === 0 ? (
          <Empty>{t('nft.noCollections')}</Empty>
        ) : (
          <ul className="nft-rows" aria-label={t('nft.collections')}>
            {rows.map((row) => (
              <li key={row.id}>
                <CollectionCard collection={row} />
              </li>
            ))}
          </ul>
        )
      }
    </PageState>
  );
}
