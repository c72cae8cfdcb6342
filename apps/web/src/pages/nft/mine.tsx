import type { NftMineView, NftMyTab } from '@fairex/contract';
import { NFT_MY_TABS } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyNfts, useNftMessages } from '../../api/nft.ts';
import { useRelativeTime } from '../../components/relative-time.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { NFT_FAVOURITES_PATH, nftItemPath, nftRecordsPath, nftResellPath, priced, StateBadge } from '../../components/nft/nft.tsx';
import { ItemRow } from '../../components/nft/rows.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { useTabParam } from '../../components/use-tab-param.ts';

const EMPTY = { held: 'nft.noHeld', reselling: 'nft.noReselling', sold: 'nft.noSold' } as const satisfies Record<NftMyTab, string>;

/**
 * /pages/nft/mine?tab=held|reselling|sold (login): the user's NFTs. Held artworks can be resold and
 * held boxes opened; a resale shows its review or sale state (and can be relisted once it ended unsold
 * or was rejected); a sale shows its price and time.
 */
export function NftMinePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(NFT_MY_TABS);
  const list = useMyNfts(tab);
  const unread = useNftMessages().data?.pages[0]?.unread ?? 0;
  return (
    <div className="page">
      <NavBar title={t('page.myNft')} />
      <nav className="nft-shortcuts" aria-label={t('nft.shortcuts')}>
        <Link className="pill pill--ghost" to={nftRecordsPath('toPay')}>
          {t('nft.records')}
        </Link>
        <Link className="pill pill--ghost" to={nftRecordsPath('messages')}>
          {t('nft.messages')}
          {unread > 0 && <span className="nft-badge nft-badge--soon">{t('nft.unreadCount', { count: unread })}</span>}
        </Link>
        <Link className="pill pill--ghost" to={NFT_FAVOURITES_PATH}>
          {t('nft.favourites')}
        </Link>
      </nav>
      <SegmentTabs
        label={t('nft.myTabs')}
        options={NFT_MY_TABS.map((value) => ({ value, label: t(`nft.mineTab.${value}`) }))}
        value={tab}
        onChange={(next) => setTab(next)}
      />
      <div className="nft-browser">
        <PagedList query={list} label={t(`nft.mineTab.${tab}`)} empty={t(EMPTY[tab])} keyOf={(row) => row.code} className="nft-rows">
          {(row) => <MineRow row={row} />}
        </PagedList>
      </div>
    </div>
  );
}

function MineRow({ row }: { row: NftMineView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const listing = row.listing;
  const unopened = row.box !== null && !row.box.opened;
  const canRelist = listing !== null && (listing.status === 'unsold' || listing.status === 'rejected');
  const busy = listing !== null && (listing.status === 'reviewing' || listing.status === 'on_sale' || listing.status === 'awaiting_payment');
  const actions =
    row.sold === null && unopened ? (
      <Link className="pill pill--primary" to={nftItemPath(row.code)}>
        {t('nft.openBox')}
      </Link>
    ) : row.sold === null && row.kind === 'artwork' && !busy ? (
      <Link className="pill pill--ghost" to={nftResellPath(row.code)}>
        {canRelist ? t('nft.relist') : t('nft.resell')}
      </Link>
    ) : undefined;
  return (
    <ItemRow item={row} actions={actions}>
      {row.artist && <span>{row.artist.name}</span>}
      {row.box && <span>{`${t('nft.box', { number: row.box.number })} · ${row.box.opened ? t('nft.opened') : t('nft.unopened')}`}</span>}
      {listing && (
        <span className="nft-head__tags">
          <StateBadge listing={listing} />
          <span>{priced(listing.price, listing.currency)}</span>
        </span>
      )}
      {row.sold && <span>{`${t('nft.soldFor', { price: priced(row.sold.price, row.sold.currency) })} · ${shownAt(row.sold.at)}`}</span>}
    </ItemRow>
  );
}
