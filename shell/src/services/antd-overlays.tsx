// The overlay components of antd-mobile (Dialog, Toast, Mask pull in react-spring and gestures).
// Loaded on first use, so the home page does not pay for them.
// Deep imports: the antd-mobile barrel is marked side-effectful, and importing these through it
// would pull them into the initial chunk next to the barrel.
import Dialog from 'antd-mobile/es/components/dialog';
import Mask from 'antd-mobile/es/components/mask';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import Toast from 'antd-mobile/es/components/toast';

export { Dialog, Toast };

export default function LoadingOverlay({
  visible,
  label,
  onMaskClick,
}: {
  visible: boolean;
  label: string;
  onMaskClick: () => void;
}) {
  return (
    <>
      {/* No `display` on the Mask itself: it hides with `display: none` after fading out, and a style
          passed in would override that and leave an invisible mask swallowing every tap. */}
      <Mask visible={visible} opacity="thin" onMaskClick={onMaskClick}>
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <SpinLoading color="white" />
        </div>
      </Mask>
      {/* The Mask is aria-hidden, so the busy state is announced from outside it. */}
      {visible && (
        <div role="status" aria-label={label} className="cw-visually-hidden">
          {label}
        </div>
      )}
    </>
  );
}
