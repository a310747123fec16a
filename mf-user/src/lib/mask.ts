/**
 * What the member centre shows of a bound account: enough to recognise it, not enough to read it
 * off a shoulder. "demo@cardwallet.test" → "de***@cardwallet.test"; "+905321234567" → "+90532****567".
 */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) {
    const local = account.slice(0, at);
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${account.slice(at)}`;
  }
  if (account.length <= 8) return `${account.slice(0, 2)}****`;
  return `${account.slice(0, account.length - 7)}****${account.slice(-3)}`;
}
