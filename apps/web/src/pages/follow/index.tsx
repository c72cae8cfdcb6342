import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTraders, type TraderSort } from '../../api/copy.ts';
import { BECOME_TRADER_PATH, COPY_HUB_PATH } from '../../components/copy/paths.ts';
import { TraderCardLink } from '../../components/copy/trader.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';

const SORTS = ['return', 'profit', 'accuracy', 'followers'] as const satisfies readonly TraderSort[];
const sortOf = (value: string | null): TraderSort => SORTS.find((sort) => sort === value) ?? 'return';

/**
 * /pages/follow/index?sort= (public): the approved traders, best first by total return, P&L, accuracy
 * or followers, ten at a time; a card opens the trader. Under the bar: the user's copy trading and
 * becoming a trader (both ask for a session).
 */
export function FollowIndexPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  return (
    <div className="page copy">
      <NavBar title={t('page.copyTrading')} />
      <nav className="copy-links" aria-label={t('copy.moreLinks')}>
        <Link className="pill pill--primary" to={COPY_HUB_PATH}>
          {t('copy.myCopyTrading')}
        </Link>
        <Link className="pill pill--ghost" to={BECOME_TRADER_PATH}>
          {t('copy.becomeTrader')}
        </Link>
      </nav>
      <SegmentTabs
        label={t('copy.sortBy')}
        options={SORTS.map((value) => ({ value, label: t(`copy.sort.${value}`) }))}
        value={sort}
        onChange={(next) => setParams({ sort: next }, { replace: true })}
      />
      <TraderList key={sort} sort={sort} />
    </div>
  );
}

function TraderList({ sort }: { sort: TraderSort }) {
  const { t } = useTranslation();
  const traders = useTraders(sort);
  return (
    <PagedList query={traders} label={t('copy.traders')} empty={t('copy.noTraders')} keyOf={(trader) => trader.trader_user_id} className="copy-list">
      {(trader) => <TraderCardLink trader={trader} />}
    </PagedList>
  );
}
