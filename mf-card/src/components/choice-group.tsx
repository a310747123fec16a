/** A labelled group of native radio buttons styled as chips (keyboard and screen-reader friendly). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="card-choice">
      <legend>{legend}</legend>
      <div className="card-choice-options">
        {options.map((o) => (
          <label key={o.value} className={o.value === value ? 'card-chip card-chip--on' : 'card-chip'}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
