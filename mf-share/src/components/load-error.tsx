import { LoadError as SharedLoadError } from '@cardwallet/shared/ui';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof SharedLoadError>, 'ns' | 'className'>;
/** The shared LoadError in this app's namespace and style. */
export const LoadError = (props: Props) => <SharedLoadError ns="share" className="share-state" {...props} />;
