import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';

/** The way out of every empty state: the invitation page. */
export function InviteFriendsLink() {
  const { t } = useTranslation('share');
  const { navigation } = useHost();
  return (
    <a
      className="share-link-button"
      href="/pages/share/index"
      onClick={(e) => {
        e.preventDefault();
        navigation.navigate('/pages/share/index');
      }}
    >
      {t('common.inviteFriends')}
    </a>
  );
}
