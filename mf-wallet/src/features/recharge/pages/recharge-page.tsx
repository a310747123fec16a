import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Selector from 'antd-mobile/es/components/selector';
import { useTranslation } from 'react-i18next';
import { useHost, isApiError } from '@cardwallet/shared';
import { CURRENCY_DEFINITIONS } from '@cardwallet/shared/schemas';
import { useCurrencyParams, walletPath } from '../../../lib/route-params';
import { useMoney } from '../../../lib/format';
import { CopyButton, QrCode } from '@cardwallet/shared/ui';

import { PageSkeleton } from '../../../components/page-skeleton';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { useRechargeAddress } from '../api/get-recharge-address';
import { useDeposits } from '../api/get-deposits';
import { DepositList } from '../components/deposit-list';

/** Deposit: the customer's address on the chosen network (text, copy, QR) and their recent deposits. */
export default function RechargePage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const { currency, network } = useCurrencyParams();
  const address = useRechargeAddress(currency, network);
  const deposits = useDeposits();
  const networks = CURRENCY_DEFINITIONS[currency].networks;
  const addressFailed = address.isError && isApiError(address.error) && address.error.key === 'recharge_address_failed';

  return (
    <main className="wallet-page">
      <List>
        <List.Item
          onClick={() => navigation.redirect(walletPath('select-currency', { next: 'recharge' }))}
          extra={t('common.change')}
          description={t('recharge.currencyHint')}
        >
          {t('recharge.currency')}: <strong>{currency}</strong>
        </List.Item>
      </List>
      <section className="cw-card" aria-labelledby="recharge-network">
        <h2 id="recharge-network" className="wallet-card-title">
          {t('recharge.network')}
        </h2>
        <Selector
          aria-label={t('recharge.network')}
          columns={networks.length}
          options={networks.map((n) => ({ label: n, value: n }))}
          value={[network]}
          onChange={(v) => {
            if (v[0] && v[0] !== network) navigation.redirect(walletPath('recharge', { currency, network: v[0] }));
          }}
        />
      </section>

      <section className="cw-card wallet-address-card" aria-labelledby="recharge-address">
        <h2 id="recharge-address" className="wallet-card-title">
          {t('recharge.address', { currency, network })}
        </h2>
        {address.isPending && <PageSkeleton rows={3} />}
        {address.isError &&
          (addressFailed ? (
            <div className="wallet-state">
              <p role="alert" className="wallet-error-text">
                {t('recharge.addressFailed')}
              </p>
              <Button
                color="primary"
                fill="outline"
                loading={address.isFetching}
                onClick={() => void address.refetch()}
              >
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            <LoadError error={address.error} onRetry={() => void address.refetch()} />
          ))}
        {address.data && (
          <>
            <QrCode
              value={address.data.address}
              label={t('recharge.qrLabel', { currency, network })}
              className="wallet-qr"
            />
            <p className="wallet-address cw-ltr" data-testid="recharge-address">
              {address.data.address}
            </p>
            <CopyButton
              value={address.data.address}
              label={t('recharge.copyAddress')}
              text={t('recharge.copyAddress')}
              copiedText={t('common.copied')}
              failedText={t('common.copyFailed')}
            />
            <ul className="wallet-rules">
              <li>{t('recharge.onlyNetwork', { currency, network })}</li>
              <li>{t('recharge.threshold', { amount: fmt.money(address.data.depositCreditThreshold, currency) })}</li>
              <li>{t('recharge.confirmations', { n: address.data.confirmations })}</li>
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="recharge-recent">
        <h2 id="recharge-recent" className="cw-section-title">
          {t('recharge.recent')}
        </h2>
        {deposits.isPending && <PageSkeleton rows={3} />}
        {deposits.isError && <LoadError error={deposits.error} onRetry={() => void deposits.refetch()} />}
        {deposits.data && deposits.data.data.length === 0 && (
          <EmptyState title={t('recharge.noDepositsTitle')} description={t('recharge.noDepositsBody')} />
        )}
        {deposits.data && deposits.data.data.length > 0 && <DepositList deposits={deposits.data.data} />}
      </section>
    </main>
  );
}
