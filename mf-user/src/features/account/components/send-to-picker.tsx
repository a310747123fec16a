import { Radio, Space } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { maskAccount } from '../../../lib/mask';

/** Which bound e-mail / mobile gets the code: a choice when there are several, else a line naming the one. */
export function SendToPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: string[];
  value: string;
  onChange: (account: string) => void;
}) {
  const { t } = useTranslation('user');
  if (accounts.length <= 1) {
    return (
      <p className="user-hint">
        {t('paypass.sendTo')}: <span className="cw-ltr">{maskAccount(value)}</span>
      </p>
    );
  }
  return (
    <Radio.Group value={value} onChange={(v) => onChange(String(v))}>
      <fieldset className="user-fieldset">
        <legend className="user-hint">{t('paypass.sendTo')}</legend>
        <Space direction="vertical" style={{ padding: '0 16px 8px' }}>
          {accounts.map((a) => (
            <Radio key={a} value={a}>
              <span className="cw-ltr">{maskAccount(a)}</span>
            </Radio>
          ))}
        </Space>
      </fieldset>
    </Radio.Group>
  );
}
