import { useId, type ReactNode } from 'react';
import { Checkbox } from 'antd-mobile';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldErrorText, useFieldErrorText } from '@cardwallet/shared/forms';

/** An antd-mobile checkbox bound to react-hook-form; its label text is the accessible name. */
export function CheckboxField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  children,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  children: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(fieldState.error);
  const id = useId();
  return (
    <div className="passport-checkbox-field">
      <Checkbox
        id={id}
        checked={Boolean(field.value)}
        onChange={(checked) => {
          field.onChange(checked);
          // A checkbox has no meaningful "leave": count the first change as touched.
          field.onBlur();
        }}
        aria-invalid={errorText ? true : undefined}
      >
        {children}
      </Checkbox>
      <FieldErrorText id={`${id}-error`} text={errorText} />
    </div>
  );
}
