import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@cardwallet/shared/ui';

/**
 * A refusal that explains itself and leads to the page that fixes it. Pages of other apps get
 * `?redirect=<this page>` so the customer comes back here afterwards; a short card-funding balance
 * also offers recharging the wallet itself (the transfer needs wallet funds).
 */
export function GateNotice({ message, fix }: { message: string; fix: string | null }) {
  const { t } = useTranslation('card');
  const here = useLocation();
  const back = encodeURIComponent(`${here.pathname}${here.search}`);
  const withReturn = (to: string) =>
    to.startsWith('/pages/card/') ? to : `${to}${to.includes('?') ? '&' : '?'}redirect=${back}`;
  const links = fix ? [fix, ...(fix.startsWith('/pages/wallet/transfer') ? ['/pages/wallet/recharge'] : [])] : [];
  return (
    <div role="alert" className="card-notice">
      <p>{message}</p>
      {links.length > 0 ? (
        <p className="card-notice-links">
          {links.map((to) => (
            <AppLink key={to} className="card-link" href={withReturn(to)}>
              {t(`fix.${fixLabel(to)}`)}
            </AppLink>
          ))}
        </p>
      ) : null}
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
