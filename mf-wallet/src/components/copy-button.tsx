import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';

/** Copies `value` and confirms with a toast; `label` names what is copied for screen readers. */
export function CopyButton({ value, label, text }: { value: string; label: string; text?: string }) {
  const { t } = useTranslation('wallet');
  const { toast } = useHost();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.show(t('common.copied'), { icon: 'success' });
    } catch {
      toast.show(t('common.copyFailed'), { icon: 'fail' });
    }
  };
  return (
    <Button size="mini" fill="outline" color="primary" aria-label={label} onClick={() => void copy()}>
      {text ?? t('common.copy')}
    </Button>
  );
}
