import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useAgreement } from './api/content';
import { useAboutTranslation } from './i18n';
import './about.css';

/** The user agreement (spec §2 index/user_agreement), in the reader's language. */
export default function AgreementPage() {
  const { t } = useAboutTranslation();
  const agreement = useAgreement();
  if (agreement.isPending) {
    return (
      <div className="cw-agreement" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (agreement.isError) {
    return (
      <ErrorBlock status="default" title={<span role="alert">{t('loadFailed')}</span>} description="">
        <Button color="primary" onClick={() => void agreement.refetch()}>
          {t('retry')}
        </Button>
      </ErrorBlock>
    );
  }
  // Sanitised by the API when it was written (docs/api.md "Content").
  return (
    <article
      className="cw-agreement cw-rich-text"
      aria-label={agreement.data.title}
      dangerouslySetInnerHTML={{ __html: agreement.data.bodyHtml }}
    />
  );
}
