import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@cardwallet/shared/schemas';
import { ChainHash } from '../../../components/chain-hash';
import { formatDateTime, useMoney } from '../../../lib/format';

/** Recent deposits with their live state: confirming x / y, credited, or not credited and why. */
export function DepositList({ deposits }: { deposits: DepositRecord[] }) {
  const { t } = useTranslation('wallet');
  const fmt = useMoney();
  return (
    <List>
      {deposits.map((d) => {
        const state =
          d.status === 'confirming'
            ? t('recharge.confirming', {
                done: Math.min(d.confirmations, d.requiredConfirmations),
                required: d.requiredConfirmations,
              })
            : d.status === 'credited'
              ? t('recharge.credited')
              : t(`recharge.notCredited.${d.reason === 'below_minimum' ? 'below_minimum' : 'other'}`);
        return (
          <List.Item
            key={d.id}
            description={
              <>
                {formatDateTime(fmt.locale, d.createdAt)} · {d.network} ·{' '}
                <ChainHash value={d.txHash} network={d.network} />
              </>
            }
            extra={
              <Tag
                className="wallet-deposit-state"
                color={d.status === 'credited' ? 'success' : d.status === 'confirming' ? 'primary' : 'default'}
                fill="outline"
              >
                {state}
              </Tag>
            }
          >
            <span className="cw-ltr">{fmt.money(d.amount, d.currency)}</span>
          </List.Item>
        );
      })}
    </List>
  );
}
