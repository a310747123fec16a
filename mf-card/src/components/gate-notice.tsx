import { useTranslation } from 'react-i18next';
import { AppLink } from './app-link';

/** A refusal that explains itself and leads to the page that fixes it. */
export function GateNotice({ message, fix }: { message: string; fix: string | null }) {
  const { t } = useTranslation('card');
  return (
    <div role="alert" className="card-notice">
      <p>{message}</p>
      {fix ? <AppLink to={fix}>{t(`fix.${fixLabel(fix)}`)}</AppLink> : null}
    </div>
  );
}

function fixLabel(fix: string): string {
  if (fix.startsWith('/pages/user/kyc-lv2') || fix.startsWith('/pages/card/sumsub')) return 'kyc2';
  if (fix.startsWith('/pages/user/kyc')) return 'kyc1';
  if (fix.startsWith('/pages/user/bind-email')) return 'email';
  if (fix.startsWith('/pages/wallet/recharge')) return 'recharge';
  if (fix.startsWith('/pages/wallet/transfer')) return 'transfer';
  if (fix.startsWith('/pages/card/card-activation')) return 'activate';
  return 'open';
}
