import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { articlePath, imageOf, type NewsItem } from '../../api/home.ts';

/** The home banners (news c_id 5) in a looping carousel; each opens its article. */
export function BannerCarousel({ banners }: { banners: readonly NewsItem[] }) {
  const navigate = useNavigate();
  return (
    <Swiper autoplay loop={banners.length > 1} indicatorProps={{ color: 'white' }}>
      {banners.map((banner) => (
        <Swiper.Item key={banner.id}>
          <button type="button" className="banners__item" onClick={() => navigate(articlePath(banner))}>
            <img src={imageOf(banner)} alt={banner.title ?? ''} />
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
