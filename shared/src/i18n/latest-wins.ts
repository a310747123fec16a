/**
 * Runs `prepare` then `apply` for each requested value, but applies a value only if no later
 * request came in while it was being prepared: two quick language switches end on the last one,
 * whichever finished loading first. Resolves true when this request was applied.
 */
export function latestWins<T>(
  prepare: (value: T) => Promise<unknown>,
  apply: (value: T) => Promise<void> | void,
): (value: T) => Promise<boolean> {
  let latest = 0;
  return (value) => {
    const ticket = ++latest;
    return prepare(value).then(() => {
      if (ticket !== latest) return false;
      return Promise.resolve(apply(value)).then(() => true);
    });
  };
}
