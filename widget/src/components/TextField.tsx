import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, Input, type InputProps } from '@fluentui/react-components';

/**
 * A Fluent Input bound to react-hook-form as a controlled field (Fluent's Input keeps its own value,
 * so register()'s DOM writes would be lost), with its error under it.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  ...input
}: { control: Control<T>; name: FieldPath<T>; label: string; required?: boolean } & Omit<InputProps, 'name' | 'value' | 'onChange' | 'onBlur'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} required={required} validationMessage={fieldState.error?.message}>
      <Input
        {...input}
        name={field.name}
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        onBlur={field.onBlur}
        onChange={(_, d) => field.onChange(d.value)}
      />
    </Field>
  );
}
