import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar.tsx';
import { Marketplace } from './nft.tsx';

/** /uview-ui/nft/nft (public): the older entry to the marketplace (the spec keeps it), the same screen as /pages/nft/nft. */
export function NftUviewPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('page.nft')} />
      <Marketplace />
    </div>
  );
}
