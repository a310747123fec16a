import { createPageRenderer } from '@cardwallet/shared/testing/render';
import { createQueryClient } from '@cardwallet/shared/forms';
import { SHARE_NAMESPACE } from '../i18n';
import { shareResources } from '../i18n/resources';

/** Renders a page of this app the way the shell does, with only HTTP faked. */
export const { renderWithHost, createTestI18n } = createPageRenderer({
  namespace: SHARE_NAMESPACE,
  resources: shareResources,
  createQueryClient,
});
