import type { NftMessageView, NftMyBidView, NftOrderView } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyNftBids, useNftMessages, useNftOrders, useNftReadMessage } from '../../api/nft.ts';
import { Empty, LoadMore, useFormatTime } from '../../components/funds/funds.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { PayOrder } from '../../components/nft/item-detail.tsx';
import { nftItemPath, priced, StateBadge } from '../../components/nft/nft.tsx';
import { ItemRow } from '../../components/nft/rows.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { useTabParam } from '../../components/use-tab-param.ts';

const TABS = ['toPay', 'purchases', 'bids', 'messages'] as const;
type Tab = (typeof TABS)[number];

/**
 * /pages/nft/purchase?tab=toPay|purchases|bids|messages (login): the NFT records. Won auctions to pay
 * before their due time (paid here after a confirmation), every purchase with its state, the user's
 * bids (leading or not), and the messages about them, each marked read once read.
 */
export function NftPurchasePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(TABS);
  return (
    <div className="page">
      <NavBar title={t('page.nftRecords')} />
      <SegmentTabs
        label={t('nft.recordTabs')}
        options={TABS.map((value) => ({ value, label: t(`nft.recordTab.${value}`) }))}
        value={tab}
        onChange={(next) => setTab(next)}
      />
      <div className="nft-browser">
        {tab === 'toPay' && <OrdersToPay />}
        {tab === 'purchases' && <Purchases />}
        {tab === 'bids' && <MyBids />}
        {tab === 'messages' && <Messages />}
      </div>
    </div>
  );
}

function OrdersToPay() {
  const { t } = useTranslation();
  const orders = useNftOrders('unpaid');
  return (
    <PagedList query={orders} label={t('nft.recordTab.toPay')} empty={t('nft.noToPay')} keyOf={(row) => row.id} className="nft-rows">
      {(row) => (
        <ItemRow item={row} below={<PayOrder order={row} />}>
          <span>{t(`nft.saleType.${row.sale_type}`)}</span>
        </ItemRow>
      )}
    </PagedList>
  );
}

function OrderRow({ order }: { order: NftOrderView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  return (
    <ItemRow item={order}>
      <span className="nft-head__tags">
        <span className="nft-tag">{t(`nft.saleType.${order.sale_type}`)}</span>
        <span className={`nft-badge nft-badge--${order.status === 'paid' ? 'live' : order.status === 'unpaid' ? 'soon' : 'done'}`}>{t(`nft.orderStatus.${order.status}`)}</span>
      </span>
      <strong>{priced(order.price, order.currency)}</strong>
      <span className="muted">{shownAt(order.paid_at ?? order.created_at)}</span>
    </ItemRow>
  );
}

function Purchases() {
  const { t } = useTranslation();
  const orders = useNftOrders('all');
  return (
    <PagedList query={orders} label={t('nft.recordTab.purchases')} empty={t('nft.noPurchases')} keyOf={(row) => row.id} className="nft-rows">
      {(row) => <OrderRow order={row} />}
    </PagedList>
  );
}

function BidRow({ bid }: { bid: NftMyBidView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  return (
    <ItemRow item={{ ...bid, rarity: null }}>
      <span>{t('nft.bidAt', { price: priced(bid.price, bid.currency), time: shownAt(bid.at) })}</span>
      <span className="nft-head__tags">
        <StateBadge listing={{ status: bid.status, buy_status: bid.status === 'on_sale' && bid.end_at !== null ? 1 : 0 }} />
        {bid.leading && <span className="nft-tag">{t('nft.leading')}</span>}
      </span>
    </ItemRow>
  );
}

function MyBids() {
  const { t } = useTranslation();
  const bids = useMyNftBids();
  return (
    <PagedList query={bids} label={t('nft.recordTab.bids')} empty={t('nft.noMyBids')} keyOf={(row) => row.id} className="nft-rows">
      {(row) => <BidRow bid={row} />}
    </PagedList>
  );
}

/** A message's text in the reader's language, from its kind and figures. */
export function useMessageText() {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (message: NftMessageView) =>
    t(`nft.message.${message.kind}`, {
      title: message.title,
      price: message.figures.price ?? '--',
      margin: message.figures.margin ?? '--',
      currency: message.figures.currency ?? '',
      due: message.figures.due_at === undefined ? '--' : formatTime(message.figures.due_at),
      note: message.figures.note ?? '',
    });
}

function Messages() {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const messages = useNftMessages();
  const read = useNftReadMessage();
  const text = useMessageText();
  return (
    <PageState query={messages}>
      {(data) => {
        const rows = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty>{t('nft.noMessages')}</Empty>;
        const unread = data.pages[0]?.unread ?? 0;
        return (
          <>
            {unread > 0 && <p className="nft-hint">{t('nft.unreadCount', { count: unread })}</p>}
            <ul className="nft-rows" aria-label={t('nft.messages')}>
              {rows.map((message) => (
                <li key={message.id}>
                  <article className={message.read ? 'card nft-message' : 'card nft-message nft-message--unread'} aria-label={message.read ? undefined : t('nft.unread')}>
                    <p>{text(message)}</p>
                    <div className="nft-message__foot">
                      <span className="muted">{shownAt(message.created_at)}</span>
                      {message.code && (
                        <Link to={nftItemPath(message.code)} onClick={() => !message.read && read.mutate({ id: message.id })}>
                          {message.code}
                        </Link>
                      )}
                      {!message.read && (
                        <button type="button" className="link-button" onClick={() => read.mutate({ id: message.id })}>
                          {t('nft.markRead')}
                        </button>
                      )}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
            <LoadMore hasMore={messages.hasNextPage} loading={messages.isFetchingNextPage} onMore={() => void messages.fetchNextPage()} />
          </>
        );
      }}
    </PageState>
  );
}
