import { EmptyState as SharedEmptyState } from '@cardwallet/shared/ui';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof SharedEmptyState>, 'className'>;
/** The shared EmptyState in this app's style. */
export const EmptyState = (props: Props) => <SharedEmptyState className="share-state" {...props} />;
