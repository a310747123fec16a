import Button from 'antd-mobile/es/components/button';
// By package name: in a remote's bundle this is the shell's Module Federation singleton.
import { useHost } from '@cardwallet/shared';

export interface CopyButtonProps {
  value: string;
  /** Names what is copied, for screen readers ("Copy the invitation link"). */
  label: string;
  /** The button's visible text ("Copy"). */
  text: string;
  /** Toasts after copying, in the app's own words. */
  copiedText: string;
  failedText: string;
}

/** Copies `value` to the clipboard and confirms with the host's toast. */
export function CopyButton({ value, label, text, copiedText, failedText }: CopyButtonProps) {
  const { toast } = useHost();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.show(copiedText, { icon: 'success' });
    } catch {
      toast.show(failedText, { icon: 'fail' });
    }
  };
  return (
    <Button size="mini" fill="outline" color="primary" aria-label={label} onClick={() => void copy()}>
      {text}
    </Button>
  );
}
