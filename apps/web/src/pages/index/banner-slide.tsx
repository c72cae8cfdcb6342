import type { NewsListItem } from '@fairex/contract';

/** One home banner (news c_id 5): its image, or its title (and summary) where it has none; a tap opens its article. */
export function BannerSlide({ banner, onOpen }: { banner: NewsListItem; onOpen: (banner: NewsListItem) => void }) {
  return (
    <button type="button" className="banners__item" onClick={() => onOpen(banner)}>
      {banner.image ? (
        <img src={banner.image} alt={banner.title} />
      ) : (
        <span className="banners__text">
          <span className="banners__title">{banner.title}</span>
          {banner.summary && <span className="banners__summary">{banner.summary}</span>}
        </span>
      )}
    </button>
  );
}
