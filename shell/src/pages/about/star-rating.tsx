import { StarFill } from 'antd-mobile-icons';

/**
 * A 1–N star rating as native radio buttons: keyboard (arrow keys), screen readers and right-to-left
 * all work as the platform does. (antd-mobile's Rate is pointer-only: its stars cannot be focused,
 * and its drag arithmetic assumes left-to-right.)
 */
export function StarRating({
  name,
  count,
  value,
  onChange,
  labelFor,
  describedBy,
}: {
  name: string;
  count: number;
  value: number;
  onChange: (value: number) => void;
  /** Accessible name of star n, e.g. "4 of 5 stars". */
  labelFor: (n: number) => string;
  describedBy?: string;
}) {
  return (
    <div className="cw-stars" aria-describedby={describedBy}>
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
        <label key={n} className="cw-star" data-on={n <= value}>
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="cw-star-input"
            aria-label={labelFor(n)}
          />
          <StarFill aria-hidden fontSize={30} />
        </label>
      ))}
    </div>
  );
}
