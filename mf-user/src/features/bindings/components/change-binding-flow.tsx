import { useState } from 'react';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@cardwallet/shared/schemas';
import { BindForm } from './bind-form';
import { VerifyIdentityStep } from './verify-identity-step';

/**
 * Binding or replacing an e-mail or mobile: (1) prove it is you on the current one — for a first
 * binding on the channel bound before it — or with the login password, (2) bind the new one with a
 * code sent to it. A session alone cannot add a channel (issue 22). The API tells the channels
 * bound before afterwards.
 */
export function ChangeBindingFlow({
  channel,
  current,
  other = null,
  onDone,
}: {
  channel: 'email' | 'mobile';
  /** The binding being replaced; null for a first binding. */
  current: string | null;
  /** The other channel's binding: where the proof code goes for a first binding. */
  other?: string | null;
  onDone: (p: UserProfile) => void;
}) {
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
        <VerifyIdentityStep
          channel={channel}
          current={current ?? other}
          first={current === null}
          notice={notice}
          onVerified={setTicket}
        />
      )}
    </>
  );
}
