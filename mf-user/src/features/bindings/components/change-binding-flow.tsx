import { useState } from 'react';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@cardwallet/shared/schemas';
import { BindForm } from './bind-form';
import { VerifyIdentityStep } from './verify-identity-step';

/**
 * Replacing a bound e-mail or mobile: (1) prove it is you on the current one (or with the login
 * password), (2) bind the new one with a code sent to it. The API tells the old one afterwards.
 */
export function ChangeBindingFlow({ channel, current, onDone }: { channel: 'email' | 'mobile'; current: string; onDone: (p: UserProfile) => void }) {
  const { t } = useTranslation('user');
  const [ticket, setTicket] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Steps current={ticket ? 1 : 0} direction="horizontal">
        <Steps.Step title={t('change.stepVerify')} />
        <Steps.Step title={t(`change.stepNew.${channel}`)} />
      </Steps>
      {ticket ? (
        <>
          <h2 className="user-section-title">{t(`change.newTitle.${channel}`)}</h2>
          <BindForm
            type={channel}
            ticket={ticket}
            onBound={onDone}
            onReauthNeeded={(message) => {
              setNotice(message);
              setTicket(null);
            }}
          />
        </>
      ) : (
        <VerifyIdentityStep channel={channel} current={current} notice={notice} onVerified={setTicket} />
      )}
    </>
  );
}
