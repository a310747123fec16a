/** A form-level message (e.g. the server's "Wrong account or password."), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="wallet-form-alert">
      {message}
    </div>
  );
}
