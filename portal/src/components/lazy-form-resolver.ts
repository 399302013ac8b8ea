import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import type * as Resolvers from '@hookform/resolvers/zod';
import type * as Forms from '@shared/schemas/forms';

type FormSchemas = typeof Forms;

let formsLoading: Promise<[FormSchemas, typeof Resolvers]> | undefined;

/**
 * The form schemas, zod and the resolver, loaded once. The sign-in forms show without them (they
 * are needed on the first validation only); call it after mount to have them ready by then.
 */
export const loadFormSchemas = () => (formsLoading ??= Promise.all([import('@shared/schemas/forms'), import('@hookform/resolvers/zod')]));

/** zodResolver over a shared form schema that is loaded on the first validation. */
export function lazyFormResolver<T extends FieldValues>(schemaOf: (forms: FormSchemas) => z.ZodMiniType<T, T>): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [forms, { zodResolver }] = await loadFormSchemas();
      resolver = zodResolver(schemaOf(forms)) as unknown as Resolver<T>;
    }
    return resolver(values, context, options);
  };
}
