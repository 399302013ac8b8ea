import type { z } from 'zod';

/** Parse input with a shared schema; a ZodError becomes a 400 in the error handler. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  return schema.parse(input ?? {});
}

/** A path parameter as one string (Express 5 types allow arrays for wildcard params). */
export function pathParam(params: Record<string, string | string[] | undefined>, name: string): string {
  const v = params[name];
  return Array.isArray(v) ? v.join('/') : (v ?? '');
}
