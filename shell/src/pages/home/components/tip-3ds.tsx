import { InformationCircleOutline } from 'antd-mobile-icons';
import { useHomeTranslation } from '../i18n';

/** The page tip of spec §1 — since issue 23 it says how 3DS works: online payments confirmed in the app. */
export function Tip3ds() {
  const { t } = useHomeTranslation();
  return (
    <aside className="cw-home-tip" aria-label={t('tipLabel')}>
      <InformationCircleOutline aria-hidden fontSize={18} />
      <p>{t('tip3ds')}</p>
    </aside>
  );
}
