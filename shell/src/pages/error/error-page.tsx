import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../layout/status-views';

/** /pages/index/error: where unknown paths land. */
export default function ErrorPage() {
  const { t } = useTranslation('shell');
  return <ErrorView title={t('page.notFoundTitle')} message={t('page.notFound')} />;
}
