import type { NftMediaType, NftRarity } from '@fairex/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DemoBadge } from '../demo-badge.tsx';
import { Cover, nftItemPath, RarityBadge } from './nft.tsx';

/** One item in the user's lists: its cover and title (opening its page), what the list says of it, and its actions. */
export function ItemRow({
  item,
  children,
  actions,
  below,
}: {
  item: { code: string; title: string; cover: string | null; media_type: NftMediaType; rarity?: NftRarity | null; demo?: boolean };
  children?: ReactNode;
  actions?: ReactNode;
  /** Controls of their own under the row (outside its link: a button never sits inside a link). */
  below?: ReactNode;
}) {
  return (
    <div className="card nft-entry">
      <Link className="nft-item-row" to={nftItemPath(item.code, item.media_type)}>
        <span className="nft-item-row__cover">
          <Cover src={item.cover} title={item.title} mediaType={item.media_type} />
        </span>
        <span className="nft-item-row__text">
          <strong>
            {item.title}
            <DemoBadge demo={item.demo} />
          </strong>
          <span className="muted">{item.code}</span>
          {item.rarity && <RarityBadge rarity={item.rarity} />}
          {children}
        </span>
      </Link>
      {actions && <div className="nft-entry__actions">{actions}</div>}
      {below}
    </div>
  );
}
