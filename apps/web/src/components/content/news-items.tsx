import { Link } from 'react-router';
import { articlePath, type NewsListItem } from '../../api/content.ts';
import { useRelativeTime } from '../relative-time.ts';

/** News rows (home and the news list): title, summary and when published, the image beside them; each opens its article. */
export function NewsItems({ items, label }: { items: readonly NewsListItem[]; label?: string }) {
  const shownAt = useRelativeTime();
  return (
    <ul className="news__list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={articlePath(item)} className="news__item">
            <span className="news__text">
              <span className="news__title">{item.title}</span>
              {item.summary && <span className="news__summary">{item.summary}</span>}
              <span className="news__date">{shownAt(item.published_at)}</span>
            </span>
            {item.image && <img className="news__image" src={item.image} alt="" />}
          </Link>
        </li>
      ))}
    </ul>
  );
}
