import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NavBar } from '../../../components/nav-bar.tsx';
import { FilterPanel, ListingGrid, SearchBox } from '../../../components/nft/browser.tsx';
import type { NftFilters } from '../../../api/nft.ts';

/**
 * /pages/nft/components/search?keyword= (public): a search over titles, artists and codes with the
 * filters; the keyword stays in the address so going back returns to the same results.
 */
export function NftComponentsSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const filters: NftFilters = {
    keyword: keyword || undefined,
    currency: Number(params.get('currency')) || undefined,
    sale_type: (params.get('sale_type') || undefined) as NftFilters['sale_type'],
    status: params.get('status') === null || params.get('status') === '' ? undefined : (Number(params.get('status')) as 0 | 1 | 2),
    media_type: (params.get('media_type') || undefined) as NftFilters['media_type'],
  };
  const update = (next: NftFilters) => {
    const entries = Object.entries(next).filter(([, value]) => value !== undefined && value !== '');
    setParams(Object.fromEntries(entries.map(([key, value]) => [key, String(value)])), { replace: true });
  };
  return (
    <div className="page">
      <NavBar title={t('page.search')} />
      <div className="nft-browser">
        <SearchBox value={keyword} label={t('nft.searchLabel')} placeholder={t('nft.searchPlaceholder')} onSearch={(text) => update({ ...filters, keyword: text || undefined })} />
        <FilterPanel filters={filters} onChange={update} />
        <ListingGrid filters={filters} label={t('nft.artworks')} />
      </div>
    </div>
  );
}
