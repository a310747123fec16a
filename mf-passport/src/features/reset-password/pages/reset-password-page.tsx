import { useState } from 'react';
import { Button, Result, Steps } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { NewPasswordStep } from '../components/new-password-step';
import { VerifyStep } from '../components/verify-step';

type Stage = { step: 'verify'; notice: string | null } | { step: 'reset'; ticket: string } | { step: 'done' };
const STEP_INDEX = { verify: 0, reset: 1, done: 2 } as const;

/** Verification → Reset → Completion (spec §2), with the step indicator on top. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('passport');
  const { navigation } = useHost();
  const [stage, setStage] = useState<Stage>({ step: 'verify', notice: null });
  const current = STEP_INDEX[stage.step];
  const labels = [t('reset.steps.verification'), t('reset.steps.reset'), t('reset.steps.completion')];

  return (
    <main className="passport-page">
      <nav aria-label={t('reset.progress')}>
        <Steps current={current} className="passport-steps">
          {labels.map((label, index) => (
            <Steps.Step
              key={label}
              title={<span aria-current={index === current ? 'step' : undefined}>{label}</span>}
            />
          ))}
        </Steps>
      </nav>
      {stage.step === 'verify' && (
        <VerifyStep
          // A new notice (expired ticket) re-creates the form so the message shows.
          key={stage.notice ?? 'verify'}
          notice={stage.notice}
          onVerified={(ticket) => setStage({ step: 'reset', ticket })}
        />
      )}
      {stage.step === 'reset' && (
        <NewPasswordStep
          ticket={stage.ticket}
          onDone={() => setStage({ step: 'done' })}
          onTicketExpired={(message) => setStage({ step: 'verify', notice: message })}
        />
      )}
      {stage.step === 'done' && (
        <>
          <Result
            status="success"
            title={<h2 className="passport-result-title">{t('reset.doneHeading')}</h2>}
            description={t('reset.doneBody')}
          />
          <div className="passport-actions">
            <Button block color="primary" size="large" onClick={() => navigation.relaunch('/pages/passport/login')}>
              {t('reset.toLogin')}
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
