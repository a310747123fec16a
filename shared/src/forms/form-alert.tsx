/**
 * A form-level message (e.g. the server's "Wrong account or password."), announced when it appears.
 * Styled by `.cw-form-alert` in the shell's theme.css (one rule for every app);
 * an app places it in context with a descendant rule (e.g. `.card-passkey-proof .cw-form-alert`).
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="cw-form-alert">
      {message}
    </div>
  );
}
