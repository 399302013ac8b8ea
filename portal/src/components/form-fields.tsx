import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, Input, Textarea, type InputProps, type TextareaProps } from '@fluentui/react-components';

interface Common<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

/**
 * Fluent inputs bound to react-hook-form as controlled fields (Fluent's Input keeps its own value,
 * so register()'s DOM writes would be lost): the value, errors and reset()/setValue() stay in sync.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...input
}: Common<T> & Omit<InputProps, 'name' | 'value' | 'onChange' | 'onBlur'>) {
  const {
    field: { name: fieldName, ref, value, onBlur, onChange },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <Field label={label} hint={hint} required={required} className={className} validationMessage={error?.message}>
      <Input {...input} name={fieldName} ref={ref} value={(value as string | undefined) ?? ''} onBlur={onBlur} onChange={(_e, d) => onChange(d.value)} />
    </Field>
  );
}

export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...textarea
}: Common<T> & Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'onBlur'>) {
  const {
    field: { name: fieldName, ref, value, onBlur, onChange },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <Field label={label} hint={hint} required={required} className={className} validationMessage={error?.message}>
      <Textarea
        {...textarea}
        name={fieldName}
        ref={ref}
        value={(value as string | undefined) ?? ''}
        onBlur={onBlur}
        onChange={(_e, d) => onChange(d.value)}
      />
    </Field>
  );
}
