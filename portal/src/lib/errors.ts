import { ApiError } from '@shared/api/client';

/** The text a person should read for a failed request: the server's message, else 'status: body'. */
export function errorText(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** Runs a request; its failure becomes an Error with the product's message (docs/product.md#messages) and the original as the cause. */
export async function failWith<T>(message: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw new Error(message, { cause: err });
  }
}

/** A query's shared options (@shared/api/queries) whose failure reads as the product's message, as failWith does. */
export function failingWith<O extends { queryFn?: unknown }>(message: string, options: O): O {
  const run = options.queryFn;
  if (typeof run !== 'function') return options;
  return { ...options, queryFn: (...args: unknown[]) => failWith(message, async () => (run as (...a: unknown[]) => unknown)(...args)) };
}
