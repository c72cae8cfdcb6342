import type { NftOpenView } from '@fairex/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cover, nftItemPath, RarityBadge } from './nft.tsx';

/**
 * The box opening: a shaking, glowing box while the draw is made (and at least one animation long, so
 * the moment is seen), then the artwork drawn with its rarity and a way to its page, where the draw can
 * be verified. The animation stops for readers who ask for reduced motion (nft.css).
 */
export function BoxOpening({ item, onClose }: { item: NftOpenView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="nft-opening" role="dialog" aria-modal="true" aria-label={item ? t('nft.youGot') : t('nft.opening')}>
      {item === null ? (
        <div className="nft-opening__stage" role="status">
          <span className="nft-opening__box" aria-hidden="true">
            <span className="nft-opening__lid" />
            <span className="nft-opening__body" />
          </span>
          <p>{t('nft.opening')}</p>
        </div>
      ) : (
        <div className="nft-opening__reveal">
          <p className="nft-opening__title">{t('nft.youGot')}</p>
          <div className="nft-opening__art">
            <Cover src={item.cover} title={item.title} mediaType={item.media_type} />
          </div>
          <strong className="nft-opening__name">{item.title}</strong>
          <RarityBadge rarity={item.rarity} />
          <Link className="pill pill--primary" to={nftItemPath(item.item_code, item.media_type)} onClick={onClose}>
            {t('nft.viewItem')}
          </Link>
          <Button fill="none" onClick={onClose}>
            {t('nft.close')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The shortest time the box shakes, so a fast answer still shows the opening. */
export const BOX_OPENING_MIN_MS = 1_200;
