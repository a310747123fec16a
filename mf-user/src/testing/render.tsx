import { createPageRenderer } from '@cardwallet/shared/testing/render';
import { USER_NAMESPACE } from '../i18n';
import { userResources } from '../i18n/resources';

/** Renders a page of this app the way the shell does, with only HTTP faked (@cardwallet/shared/testing/render). */
export const { renderWithHost, createTestI18n } = createPageRenderer({
  namespace: USER_NAMESPACE,
  resources: userResources,
});
