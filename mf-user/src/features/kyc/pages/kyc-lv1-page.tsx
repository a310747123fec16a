import { useEffect, useState } from 'react';
import { Button, List, Radio, Space } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { KYC_DOCUMENT_TYPES, type KycDocumentType, type KycStatus } from '@cardwallet/shared/schemas';
import { CountryPicker } from '../components/country-picker';
import { StatusGate } from '../components/status-gate';
import { useRedirectParam } from '../lib/redirect';
import { useKyc1Draft } from '../store';
import '../kyc.css';

/** kyc-lv1: nationality / country (searchable, localised names) and the document type. */
export default function KycLv1Page() {
  return <StatusGate>{(status) => <ChooseDocument status={status} />}</StatusGate>;
}

function ChooseDocument({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const { suffix } = useRedirectParam();
  const draft = useKyc1Draft();
  const previous = status.level1.details;
  const [country, setCountry] = useState<string | null>(draft.country ?? previous?.country ?? null);
  const [documentType, setDocumentType] = useState<KycDocumentType | null>(
    draft.documentType ?? previous?.documentType ?? null,
  );
  const [tried, setTried] = useState(false);
  const verified = status.level1.state === 'verified';
  useEffect(() => {
    if (verified) navigation.redirect('/pages/user/kyc');
  }, [verified, navigation]);

  const next = () => {
    setTried(true);
    if (!country || !documentType) return;
    draft.setChoice(country, documentType);
    navigation.navigate(`/pages/user/kyc-lv1-details${suffix}`);
  };
  return (
    <main className="kyc-page">
      <p className="kyc-intro">{t('kyc.lv1.intro')}</p>
      <List className="kyc-list">
        <CountryPicker value={country} onChange={setCountry} invalid={tried && !country} />
      </List>
      <fieldset className="kyc-fieldset">
        <legend>{t('kyc.lv1.documentType')}</legend>
        <Radio.Group value={documentType ?? undefined} onChange={(v) => setDocumentType(v as KycDocumentType)}>
          <Space direction="vertical" block>
            {KYC_DOCUMENT_TYPES.map((type) => (
              <Radio key={type} value={type} block>
                {t(`kyc.doc.${type}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </fieldset>
      {tried && (!country || !documentType) && (
        <p className="kyc-alert" role="alert">
          {t('kyc.lv1.chooseBoth')}
        </p>
      )}
      <div className="kyc-actions">
        <Button block color="primary" size="large" onClick={next}>
          {t('kyc.lv1.next')}
        </Button>
      </div>
    </main>
  );
}
