import { useEffect } from 'react';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useSearchParams } from 'react-router';
import { useHost } from '@cardwallet/shared';
import { useToolsTranslation } from './i18n';
import { resolveWebviewTarget } from './webview-url';
import './tools.css';

/** Shows an allowed page by URL (spec §2 index/webview): `?url=…&title=…`; see webview-url.ts for what is allowed. */
export default function WebviewPage() {
  const { t } = useToolsTranslation();
  const host = useHost();
  const [params] = useSearchParams();
  const target = resolveWebviewTarget(params.get('url'), window.location.origin);
  const title = (params.get('title') ?? '').slice(0, 80);

  const inAppPath = target.kind === 'in-app' ? target.path : null;
  useEffect(() => {
    if (inAppPath) host.navigation.redirect(inAppPath);
  }, [host, inAppPath]);

  if (target.kind === 'refused') {
    return (
      <ErrorBlock
        status="disconnected"
        title={<span role="alert">{t('webviewRefused')}</span>}
        description={<span>{t('webviewRefusedBody', { url: target.url.slice(0, 200) })}</span>}
      >
        <Button color="primary" onClick={() => host.navigation.relaunch('/pages/index/index')}>
          {t('home')}
        </Button>
      </ErrorBlock>
    );
  }
  if (target.kind === 'in-app') return null;
  // sandbox: the framed page runs as its own origin without scripts reaching ours (no allow-same-origin for others).
  const sameOrigin = new URL(target.url).origin === window.location.origin;
  return (
    <iframe
      className="cw-webview-frame"
      src={target.url}
      title={title || target.url}
      referrerPolicy="no-referrer"
      sandbox={sameOrigin ? 'allow-scripts allow-same-origin allow-forms' : 'allow-scripts allow-forms allow-popups'}
    />
  );
}
