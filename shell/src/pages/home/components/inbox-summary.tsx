import { BellOutline, SoundOutline } from 'antd-mobile-icons';
import { BADGE_MAX } from '@cardwallet/shared';
import { useUnreadCount } from '../../information/api/messages';
import { useUnreadAnnouncements } from '../../information/api/announcements';
import { useSignedInTranslation } from '../i18n/signed-in';
import { AppLink } from '@cardwallet/shared/ui';

const shown = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

/** Unread messages and announcements (the message badge), each a way into the message centre. */
export function InboxSummary() {
  const { t } = useSignedInTranslation();
  const messages = useUnreadCount().data?.messages;
  const announcements = useUnreadAnnouncements().data?.announcements;
  const rows = [
    {
      key: 'messages',
      href: '/pages/index/information',
      Icon: BellOutline,
      count: messages,
      text: messages ? t('unreadMessages', { count: messages }) : t('noUnreadMessages'),
    },
    {
      key: 'announcements',
      href: '/pages/index/information?tab=announcement',
      Icon: SoundOutline,
      count: announcements,
      text: announcements ? t('unreadAnnouncements', { count: announcements }) : t('noUnreadAnnouncements'),
    },
  ];
  return (
    <section className="cw-home-card" aria-labelledby="home-inbox">
      <h2 id="home-inbox" className="cw-home-heading">
        {t('inbox')}
      </h2>
      <ul className="cw-home-inbox">
        {rows.map(({ key, href, Icon, count, text }) => (
          <li key={key}>
            <AppLink href={href} className="cw-home-inbox-row" data-testid={`home-unread-${key}`}>
              <Icon aria-hidden fontSize={22} />
              <span className="cw-home-inbox-text">
                {count === undefined ? t(key === 'messages' ? 'messagesLabel' : 'announcements') : text}
              </span>
              {count ? (
                <span className="cw-home-count" aria-hidden dir="ltr">
                  {shown(count)}
                </span>
              ) : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
