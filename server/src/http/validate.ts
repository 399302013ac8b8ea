import { parse, type $ZodType, type output } from 'zod/v4/core';

/** Parse input with a schema (shared zod/mini or the server's own); a $ZodError becomes a 400 in the error handler. */
export function parseInput<T extends $ZodType>(schema: T, input: unknown): output<T> {
  return parse(schema, input ?? {});
}

/** A path parameter as one string (Express 5 types allow arrays for wildcard params). */
export function pathParam(params: Record<string, string | string[] | undefined>, name: string): string {
  const v = params[name];
  return Array.isArray(v) ? v.join('/') : (v ?? '');
}
