import { PageSkeleton as SharedPageSkeleton } from '@cardwallet/shared/ui';

/** The shared PageSkeleton in this app's namespace and style. */
export const PageSkeleton = ({ rows }: { rows?: number }) => (
  <SharedPageSkeleton ns="share" className="share-skeleton" rows={rows} />
);
