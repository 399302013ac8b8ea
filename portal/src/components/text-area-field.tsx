import type { FieldValues } from 'react-hook-form';
import { Field, Textarea, type TextareaProps } from '@fluentui/react-components';
import { useBoundField, type Bound, type Common } from '@shared/ui/form-fields';

// Its own module so pages with text inputs only (sign-in) do not load Fluent's Textarea.
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...textarea
}: Common<T> & Omit<TextareaProps, Bound>) {
  const { error, inputProps } = useBoundField(control, name);
  return (
    <Field label={label} hint={hint} required={required} className={className} validationMessage={error}>
      <Textarea {...textarea} {...inputProps} />
    </Field>
  );
}
