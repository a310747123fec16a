import { apiErrorMessage } from '@cardwallet/shared/forms';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Loading skeleton or error-with-retry of a page that needs the profile first. */
export function ProfileGate({ pending, error, retry }: { pending: boolean; error: unknown; retry: () => void }) {
  const { t } = useTranslation('user');
  if (pending) {
    return (
      <main className="user-page" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton.Paragraph lineCount={5} animated />
      </main>
    );
  }
  return (
    <main className="user-page user-error-state">
      <p role="alert">{apiErrorMessage(error, t)}</p>
      <Button onClick={retry}>{t('common.retry')}</Button>
    </main>
  );
}
