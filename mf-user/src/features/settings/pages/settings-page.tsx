import { List, Skeleton } from 'antd-mobile';
import { NavListItem } from '@cardwallet/shared/ui';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_CODE, useHost } from '@cardwallet/shared';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useProfile } from '../../account/api/get-profile';
import { maskAccount } from '../../../lib/mask';
import { NATIVE_LANGUAGE_NAMES } from '../../language/native-names';
import { useLogoutOthers } from '../api/logout-others';
import { useWechat } from '../../wechat/api/get-wechat';

/** Settings (spec §2): security, bindings, language, version, and ending other sessions. */
export default function SettingsPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const profile = useProfile();
  const language = host.i18n.useLanguage();
  const logoutOthers = useLogoutOthers();
  const wechat = useWechat();

  const endOtherSessions = async () => {
    const sure = await host.modal.confirm({
      content: t('settings.logoutOthersConfirm'),
      confirmText: t('settings.logoutOthersAction'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      const { revokedSessions } = await logoutOthers.mutateAsync();
      host.toast.show(t('settings.logoutOthersDone', { count: revokedSessions }), { icon: 'success' });
    } catch (error) {
      host.toast.show(apiErrorMessage(error, t), { icon: 'fail' });
    }
  };

  if (profile.isPending) {
    return (
      <main className="user-page" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton.Paragraph lineCount={8} animated />
      </main>
    );
  }
  if (profile.isError) {
    return (
      <main className="user-page user-error-state">
        <p role="alert">{apiErrorMessage(profile.error, t)}</p>
        <button type="button" className="user-text-button" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </button>
      </main>
    );
  }
  const p = profile.data;
  const value = (text: string, ltr = false) => <span className={ltr ? 'user-value cw-ltr' : 'user-value'}>{text}</span>;
  return (
    <main className="user-page">
      <h2 className="user-section-title">{t('settings.security')}</h2>
      <List>
        <NavListItem
          to="/pages/user/paypass"
          extra={value(p.hasPayPassword ? t('settings.payPasswordSet') : t('settings.payPasswordNotSet'))}
        >
          {t('settings.payPassword')}
        </NavListItem>
        <NavListItem to="/pages/user/change-password">{t('settings.loginPassword')}</NavListItem>
        <NavListItem to="/pages/user/passkeys">{t('passkeys.title')}</NavListItem>
      </List>
      <h2 className="user-section-title">{t('settings.bindings')}</h2>
      <List>
        {p.mobile ? (
          <NavListItem to="/pages/user/change-phone" extra={value(maskAccount(p.mobile), true)}>
            {t('settings.changePhone')}
          </NavListItem>
        ) : (
          <NavListItem to="/pages/user/bind-phone" extra={value(t('settings.notBound'))}>
            {t('settings.bindPhone')}
          </NavListItem>
        )}
        <NavListItem
          to="/pages/user/bind-email"
          extra={value(p.email ? maskAccount(p.email) : t('settings.notBound'), Boolean(p.email))}
        >
          {p.email ? t('settings.changeEmail') : t('settings.bindEmail')}
        </NavListItem>
        <NavListItem
          to="/pages/user/wechat"
          extra={value(wechat.data?.bound ? (wechat.data.nickname ?? t('wechat.title')) : t('wechat.notLinked'))}
        >
          {t('wechat.title')}
        </NavListItem>
      </List>
      <h2 className="user-section-title">{t('settings.general')}</h2>
      <List>
        <NavListItem to="/pages/user/language" extra={value(NATIVE_LANGUAGE_NAMES[language])}>
          {t('settings.language')}
        </NavListItem>
        <List.Item extra={value(String(APP_VERSION_CODE), true)}>{t('settings.version')}</List.Item>
      </List>
      <div className="user-actions">
        <button
          type="button"
          className="user-text-button"
          disabled={logoutOthers.isPending}
          onClick={() => void endOtherSessions()}
        >
          {t('settings.logoutOthers')}
        </button>
      </div>
    </main>
  );
}
