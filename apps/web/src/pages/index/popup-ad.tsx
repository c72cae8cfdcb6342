import { CenterPopup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { articlePath, imageOf, usePopupAd } from '../../api/home.ts';
import { Icon } from '../../components/icon.tsx';

/** Shown once per visit, however often the home page is opened. */
let dismissed = false;

/** The popup ad slot (GET /news/index_pop); nothing shows when the server has no ad. */
export function PopupAd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ad = usePopupAd().data;
  const [open, setOpen] = useState(!dismissed);
  const close = () => {
    dismissed = true;
    setOpen(false);
  };
  if (!ad || !(ad.title || imageOf(ad))) return null;
  return (
    <CenterPopup visible={open} onMaskClick={close} bodyClassName="popup-ad" role="dialog" aria-label={t('home.notice')}>
      {imageOf(ad) && <img className="popup-ad__image" src={imageOf(ad)} alt="" />}
      <div className="popup-ad__body">
        {ad.title && <h2 className="popup-ad__title">{ad.title}</h2>}
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
