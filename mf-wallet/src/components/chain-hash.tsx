import { useTranslation } from 'react-i18next';
import type { WalletNetwork } from '@cardwallet/shared/schemas';
import { CopyButton } from '@cardwallet/shared/ui';
import { useCurrencies } from '../features/currency/api/get-currencies';
import { shortenMiddle } from '../lib/format';

/** The explorer URL of a hash or address on `network`, when the API names one (docs/chain.md). */
export function useExplorerUrl(network: string | null | undefined, kind: 'tx' | 'address', value: string) {
  const { data } = useCurrencies();
  const entry = network ? data?.explorers?.find((e) => e.network === network) : undefined;
  if (!entry) return null;
  const template = kind === 'tx' ? entry.tx : entry.address;
  const url = template.replace(kind === 'tx' ? '{hash}' : '{address}', encodeURIComponent(value));
  return /^https:\/\//.test(url) ? url : null;
}

/**
 * A transaction hash or address: shortened, left-to-right in every language, copyable, and a link to
 * the network's block explorer when it has one (a local dev chain or a sandboxed network has none).
 */
export function ChainHash({
  value,
  network,
  kind = 'tx',
}: {
  value: string;
  network?: WalletNetwork | string | null;
  kind?: 'tx' | 'address';
}) {
  const { t } = useTranslation('wallet');
  const url = useExplorerUrl(network, kind, value);
  const text = (
    <span className="cw-ltr" dir="ltr" title={value}>
      {shortenMiddle(value)}
    </span>
  );
  return (
    <span className="wallet-flow-hash">
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t(kind === 'tx' ? 'explorer.viewTx' : 'explorer.viewAddress', { value })}
        >
          {text}
        </a>
      ) : (
        text
      )}
      <CopyButton
        value={value}
        label={t(kind === 'tx' ? 'cashFlow.copyHash' : 'explorer.copyAddress')}
        text={t('common.copy')}
        copiedText={t('common.copied')}
        failedText={t('common.copyFailed')}
      />
    </span>
  );
}
