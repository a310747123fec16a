import { Button, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

/** Bind a card: which cards can be bound (physical cards issued by the product, received by post) and what is needed. */
export default function BindCardPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  return (
    <main className="card-page">
      <p className="card-intro">{t('bind.intro')}</p>
      <Steps direction="vertical" current={-1}>
        <Steps.Step title={t('bind.step1')} description={t('bind.step1Note')} />
        <Steps.Step title={t('bind.step2')} description={t('bind.step2Note')} />
        <Steps.Step title={t('bind.step3')} description={t('bind.step3Note')} />
      </Steps>
      <p className="card-fine-print">{t('bind.onlyOurs')}</p>
      <div className="card-actions">
        <Button color="primary" block onClick={() => navigation.navigate('/pages/card/binding-card')}>
          {t('bind.start')}
        </Button>
      </div>
    </main>
  );
}
