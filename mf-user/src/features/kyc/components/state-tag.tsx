import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { KycLevelState } from '@cardwallet/shared/schemas';

const COLOR: Record<KycLevelState, 'default' | 'warning' | 'success' | 'danger'> = {
  not_verified: 'default',
  pending: 'warning',
  verified: 'success',
  failed: 'danger',
};

export function StateTag({ state }: { state: KycLevelState }) {
  const { t } = useTranslation('user');
  return (
    <Tag className={`kyc-state kyc-state--${state}`} color={COLOR[state]} fill="outline">
      {t(`kyc.state.${state}`)}
    </Tag>
  );
}
