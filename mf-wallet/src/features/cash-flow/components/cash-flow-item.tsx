import { useTranslation } from 'react-i18next';
import type { CashFlowItem } from '@cardwallet/shared/schemas';
import { ChainHash } from '../../../components/chain-hash';
import { formatRelativeTime, useMoney } from '../../../lib/format';

const NETWORKS = new Set(['ERC20', 'TRC20', 'BTC']);

/** Remarks that are words (the rest are networks, currencies or pairs, shown as they are). */
const KNOWN_REMARKS = new Set(['below_minimum', 'pending', 'sending', 'sent', 'rejected', 'failed', 'chain_reverted']);

/** One statement line: type, remark, signed amount, relative time (spec §9) and the tx hash. */
export function CashFlowRow({ item, now }: { item: CashFlowItem; now: number }) {
  const { t } = useTranslation('wallet');
  const fmt = useMoney();
  const negative = item.amount.startsWith('-');
  const neutral = item.type === 'deposit_not_credited';
  return (
    <li className="wallet-flow-row">
      <div className="wallet-flow-main">
        <span className="wallet-flow-type">{t(`cashFlow.types.${item.type}`)}</span>
        <span
          className={`cw-ltr ${neutral ? 'wallet-muted' : negative ? 'wallet-amount-negative' : 'wallet-amount-positive'}`}
        >
          {fmt.money(item.amount, item.currency, { sign: !neutral })}
        </span>
      </div>
      <div className="wallet-flow-meta">
        <time dateTime={item.time}>{formatRelativeTime(fmt.locale, item.time, now, t('common.justNow'))}</time>
        {item.remark && (
          <span>
            {' '}
            ·{' '}
            {KNOWN_REMARKS.has(item.remark) ? (
              t(`cashFlow.remarks.${item.remark}`)
            ) : (
              <span className="cw-ltr">{item.remark.replace('->', ' → ')}</span>
            )}
          </span>
        )}
        {item.txHash && (
          // Deposits, withdrawals and their refunds name their network: the hash links to its explorer when
          // there is one (older API answers: a deposit's remark is its network).
          <ChainHash
            value={item.txHash}
            network={item.network ?? (item.remark && NETWORKS.has(item.remark) ? item.remark : null)}
          />
        )}
      </div>
    </li>
  );
}
