/**
 * Loading placeholders drawn with CSS (no skeleton component in the home page's chunks): `lines`
 * grey bars, the first one shorter when `title` is set. Hidden from assistive technology; the
 * section around says it is busy.
 */
export function PlaceholderLines({
  lines,
  title = false,
  dark = false,
}: {
  lines: number;
  title?: boolean;
  dark?: boolean;
}) {
  return (
    <div className={dark ? 'cw-home-placeholders cw-home-placeholders-dark' : 'cw-home-placeholders'} aria-hidden>
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className={title && i === 0 ? 'cw-home-placeholder cw-home-placeholder-title' : 'cw-home-placeholder'}
        />
      ))}
    </div>
  );
}
