import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, Input, type InputProps } from '@fluentui/react-components';

/**
 * Fluent's Input bound to react-hook-form as a controlled field (Fluent's Input keeps its own value,
 * so register()'s DOM writes would be lost).
 */
function useBoundInput<T extends FieldValues>(control: Control<T>, name: FieldPath<T>) {
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

/** A labelled text input of a react-hook-form form, with its error under it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  ...input
}: { control: Control<T>; name: FieldPath<T>; label: string; required?: boolean } & Omit<
  InputProps,
  'name' | 'value' | 'onChange' | 'onBlur'
>) {
  const { error, inputProps } = useBoundInput(control, name);
  return (
    <Field label={label} required={required} validationMessage={error}>
      <Input {...input} {...inputProps} />
    </Field>
  );
}
