/** Raw SQL access for migrations and health checks. */
export interface SqlRunner {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}
