import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, Input, type InputProps } from '@fluentui/react-components';

export interface Common<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

export type Bound = 'name' | 'value' | 'onChange' | 'onBlur';

/**
 * Fluent inputs (portal and widget) bound to react-hook-form as controlled fields (Fluent's Input keeps its own value,
 * so register()'s DOM writes would be lost): the value, errors and reset()/setValue() stay in sync.
 */
export function useBoundField<T extends FieldValues>(control: Control<T>, name: FieldPath<T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    error: fieldState.error?.message,
    inputProps: {
      name: field.name,
      ref: field.ref,
      value: (field.value as string | undefined) ?? '',
      onBlur: field.onBlur,
      onChange: (_e: unknown, d: { value: string }) => field.onChange(d.value),
    },
  };
}

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...input
}: Common<T> & Omit<InputProps, Bound>) {
  const { error, inputProps } = useBoundField(control, name);
  return (
    <Field label={label} hint={hint} required={required} className={className} validationMessage={error}>
      <Input {...input} {...inputProps} />
    </Field>
  );
}
