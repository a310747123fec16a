import { PasskeyProofButton } from '@cardwallet/shared/forms';

const CLASS_NAMES = { root: 'card-passkey-proof', alert: 'cw-form-alert', hint: 'card-fine-print card-passkey-or' };

/** The card pages' "Confirm with passkey" (reveal, PIN step-up, withdrawal, 3-D Secure); the password form stays as the fallback. */
export function CardPasskeyButton({ confirm }: { confirm: () => Promise<unknown> }) {
  return <PasskeyProofButton ns="card" classNames={CLASS_NAMES} confirm={confirm} />;
}
