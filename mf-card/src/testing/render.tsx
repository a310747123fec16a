import { createPageRenderer } from '@cardwallet/shared/testing/render';
import { CARD_NAMESPACE } from '../i18n';
import { cardResources } from '../i18n/resources';
import { createQueryClient } from '@cardwallet/shared/forms';

/** Renders a page of this app the way the shell does, with only HTTP faked (@cardwallet/shared/testing/render). */
export const { renderWithHost, createTestI18n } = createPageRenderer({
  namespace: CARD_NAMESPACE,
  resources: cardResources,
  createQueryClient,
});
