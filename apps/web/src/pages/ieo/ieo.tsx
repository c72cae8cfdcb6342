import { formatCount } from '@fairex/contract/format';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ieoKeys, useIeoProjects, type IeoProject } from '../../api/ieo.ts';
import { Empty, LoadMore } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { Countdown, ProgressBar, StateBadge } from '../../components/ieo/ieo.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { Figures } from '../../components/wealth/figures.tsx';

/**
 * /pages/ieo/ieo (public): the projects, in progress first, then warm-up, then ended; each card shows
 * its state, issue price, issuance, progress and a countdown, and opens the subscription screen (a link, so it opens in a new tab too).
 */
export function IeoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projects = useIeoProjects();
  const queryClient = useQueryClient();
  // A countdown ran out: the server says what the project's state is now.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ieoKeys.projects });
  return (
    <div className="page">
      <NavBar
        title={t('page.ieo')}
        right={
          <button type="button" className="pill pill--ghost" onClick={() => navigate('/pages/ieo/order')}>
            {t('ieo.records')}
          </button>
        }
      />
      <div className="page__body">
        <PageState query={projects}>
          {(data) => {
            const rows = data.pages.flatMap((page) => page.data);
            if (rows.length === 0) return <Empty>{t('ieo.empty')}</Empty>;
            return (
              <>
                <ul className="ieo-list">
                  {rows.map((project) => (
                    <li key={project.id}>
                      <ProjectCard project={project} onCountdownDone={refresh} />
                    </li>
                  ))}
                </ul>
                <LoadMore hasMore={projects.hasNextPage} loading={projects.isFetchingNextPage} onMore={() => void projects.fetchNextPage()} />
              </>
            );
          }}
        </PageState>
      </div>
    </div>
  );
}

function ProjectCard({ project, onCountdownDone }: { project: IeoProject; onCountdownDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Link className="ieo-card" to={`/pages/ieo/subscribe?id=${project.id}`}>
      <span className="ieo-card__head">
        <span>
          <span className="ieo-card__name">{project.name}</span> <span className="ieo-card__token">{project.currency}</span>
        </span>
        <StateBadge state={project.state} />
      </span>
      <Figures
        rows={[
          [t('ieo.issuePrice'), `${project.price} ${project.pay_currency}`],
          [t('ieo.totalIssuance'), `${formatCount(project.total_issuance)} ${project.currency}`],
        ]}
      />
      <ProgressBar percent={project.progress} />
      <Countdown state={project.state} startAt={project.start_at} endAt={project.end_at} onDone={onCountdownDone} />
    </Link>
  );
}
