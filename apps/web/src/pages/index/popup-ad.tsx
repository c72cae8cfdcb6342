import { CenterPopup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { articlePath, usePopupAd, type PopupAd as Ad } from '../../api/content.ts';
import { Icon } from '../../components/icon.tsx';
import { POPUP_SEEN_KEY } from '../../store/store.ts';
import './home-content.css';

const seenKey = (ad: Ad) => `${ad.id}:${ad.version}`;

function seen(ad: Ad): boolean {
  try {
    return localStorage.getItem(POPUP_SEEN_KEY) === seenKey(ad);
  } catch {
    return false;
  }
}

function markSeen(ad: Ad) {
  try {
    localStorage.setItem(POPUP_SEEN_KEY, seenKey(ad));
  } catch {
    // Storage refused: it shows again next time, which is all that is lost.
  }
}

/**
 * The popup ad slot (GET /news/index_pop): each version once. The version it showed is remembered when
 * it opens, so a reload or another visit does not show it again; an operator's new save shows again.
 */
export function PopupAd() {
  const ad = usePopupAd().data;
  return ad && !seen(ad) ? <PopupAdDialog key={seenKey(ad)} ad={ad} /> : null;
}

function PopupAdDialog({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => {
    markSeen(ad);
    return true;
  });
  const close = () => setOpen(false);
  return (
    <CenterPopup visible={open} onMaskClick={close} bodyClassName="popup-ad" role="dialog" aria-label={t('home.notice')}>
      {ad.image && <img className="popup-ad__image" src={ad.image} alt="" />}
      <div className="popup-ad__body">
        <h2 className="popup-ad__title">{ad.title}</h2>
        {ad.summary && <p className="popup-ad__summary">{ad.summary}</p>}
        <button
          type="button"
          className="popup-ad__more"
          onClick={() => {
            close();
            navigate(articlePath(ad));
          }}
        >
          {t('home.details')}
        </button>
      </div>
      <button type="button" className="icon-button popup-ad__close" aria-label={t('app.close')} onClick={close}>
        <Icon name="close" size={20} />
      </button>
    </CenterPopup>
  );
}
