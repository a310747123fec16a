import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { safeRedirectPath } from '@cardwallet/shared/safe-redirect';

/** After a binding: say so, then back to `?redirect=` (e.g. the card application) or settings. */
export function useFinishBinding(messageKey: string) {
  const { t } = useTranslation('user');
  const host = useHost();
  const [params] = useSearchParams();
  return () => {
    host.toast.show(t(messageKey), { icon: 'success' });
    host.navigation.redirect(safeRedirectPath(params.get('redirect')) ?? '/pages/user/settings');
  };
}
