import type { NewsListItem } from '@fairex/contract';
import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { articlePath } from '../../api/content.ts';
import { BannerSlide } from './banner-slide.tsx';
import './home-content.css';

/** The home banners (news c_id 5) in a looping carousel; each opens its article. A banner without an image shows its title. */
export function BannerCarousel({ banners }: { banners: readonly NewsListItem[] }) {
  const navigate = useNavigate();
  return (
    <Swiper autoplay loop={banners.length > 1} indicatorProps={{ color: 'white' }}>
      {banners.map((banner) => (
        <Swiper.Item key={banner.id}>
          <BannerSlide banner={banner} onOpen={(opened) => navigate(articlePath(opened))} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
