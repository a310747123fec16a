import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { useWechatAuthorize } from '../api/wechat-authorize';

/** "Sign in with WeChat": to WeChat's authorisation page, which comes back to /pages/passport/wechat. */
export function WechatSignInButton() {
  const { t } = useTranslation('passport');
  const authorize = useWechatAuthorize();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const press = async () => {
    setError(null);
    try {
      const { url } = await authorize.mutateAsync();
      setLeaving(true);
      window.location.assign(url);
    } catch (e) {
      setError(apiErrorMessage(e, t));
    }
  };
  const busy = authorize.isPending || leaving;
  return (
    <div className="passport-wechat">
      <Button
        block
        size="large"
        fill="outline"
        className="passport-wechat__button"
        loading={busy}
        disabled={busy}
        onClick={() => void press()}
      >
        {t('wechat.signIn')}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}
