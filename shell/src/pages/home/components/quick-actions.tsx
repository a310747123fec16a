import {
  BankcardOutline,
  GiftOutline,
  InformationCircleOutline,
  MessageOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
  SendOutline,
} from 'antd-mobile-icons';
import { useHomeTranslation } from '../i18n';
import { AppLink } from '@cardwallet/shared/ui';

const SHORTCUTS = [
  { key: 'recharge', path: '/pages/wallet/recharge', Icon: ReceivePaymentOutline },
  { key: 'withdraw', path: '/pages/wallet/withdraw', Icon: SendOutline },
  { key: 'applyCard', path: '/pages/card/apply', Icon: BankcardOutline },
  { key: 'invite', path: '/pages/share/index', Icon: GiftOutline },
  { key: 'messages', path: '/pages/index/information', Icon: MessageOutline },
  { key: 'help', path: '/pages/about/help', Icon: QuestionCircleOutline },
  { key: 'about', path: '/pages/about/index', Icon: InformationCircleOutline },
] as const;

/** Entries into the feature apps: real links in a CSS grid (no grid component on the home page). */
export function QuickActions() {
  const { t } = useHomeTranslation();
  return (
    <section aria-labelledby="home-shortcuts" className="cw-home-card">
      <h2 id="home-shortcuts" className="cw-home-heading">
        {t('shortcuts')}
      </h2>
      <ul className="cw-home-shortcuts">
        {SHORTCUTS.map(({ key, path, Icon }) => (
          <li key={key}>
            <AppLink href={path} className="cw-home-shortcut">
              <Icon fontSize={26} aria-hidden />
              <span>{t(key)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
