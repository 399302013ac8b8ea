import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** What drizzle's PGlite driver calls on a transaction PGlite hands out. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** What drizzle's PGlite driver calls on its client. */
export interface PgliteClient extends PgliteQueries {
  transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

/** Statements kept prepared at most; the least recently used is closed first. */
const STATEMENT_CACHE_MAX = 500;

interface Statement {
  name: string;
  paramTypes: number[];
}

const { serialize } = protocol;
/** Statement names are unique in the process, so two clients over one PGlite never collide. */
let made = 0;

/** PostgreSQL refuses a prepared statement whose result columns changed since (a migration in between): prepare it again. */
function isStalePlan(err: unknown) {
  return (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));
}

/**
 * PGlite's `query` parses and plans every statement anew and enters its WebAssembly six times per
 * query (Parse, Describe, Bind, Describe, Execute, Sync). This client prepares each distinct SQL
 * text once as a named statement and then runs it with one entry (Bind, Describe, Execute, Sync),
 * as node-postgres does with named statements: the user read through drizzle went from ~400 to
 * ~110 µs (with the parsers below), and the event loop, which PGlite shares with the server, is
 * blocked that much less. Same locking as
 * PGlite's own `query` (a query waits for another caller's transaction), same parameter
 * serializers, same result parsing. docs/decisions/0019-pglite-prepared-statements.md.
 */
export function withStatementCache(pg: PGlite, options: { max?: number } = {}): PgliteClient {
  const max = options.max ?? STATEMENT_CACHE_MAX;
  const statements = new Map<string, Statement>();
  /**
   * A query's own parsers over PGlite's, made once per parsers object (drizzle passes the same one
   * with every query). PGlite's parseResults copies all its parsers into a new object for each such
   * query, which cost as much as the query itself; a prototype chain reads PGlite's live.
   */
  const layered = new WeakMap<object, typeof pg.parsers>();
  const parsersOf = (own: QueryOptions['parsers']): typeof pg.parsers => {
    if (!own) return pg.parsers;
    let parsers = layered.get(own);
    if (!parsers) layered.set(own, (parsers = Object.assign(Object.create(pg.parsers) as typeof pg.parsers, own)));
    return parsers;
  };

  /** Forget a prepared statement in PostgreSQL too; only called holding the query lock. */
  async function close(statement: Statement) {
    await pg.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false });
  }

  /** Parse and describe `text` under a new name; only called holding the query lock. */
  async function prepare(text: string, key: string, paramTypes: number[] | undefined): Promise<Statement> {
    const name = `ibe_${++made}`;
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.parse({ name, text, types: paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(key, statement);
    if (statements.size > max) {
      const [oldestKey, oldest] = statements.entries().next().value!;
      statements.delete(oldestKey);
      await close(oldest);
    }
    return statement;
  }

  async function execute(statement: Statement, params: unknown[], queryOptions: QueryOptions | undefined) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = queryOptions?.serializers?.[type] ?? pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pg.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, parsersOf(queryOptions?.parsers), { rowMode: queryOptions?.rowMode })[0]!;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    queryOptions: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const key = queryOptions?.paramTypes ? `${queryOptions.paramTypes.join(',')}|${text}` : text;
    const result = await pg._runExclusiveQuery(async () => {
      let statement = statements.get(key);
      if (statement) {
        // Most recently used last: the map's first entry is the one to close.
        statements.delete(key);
        statements.set(key, statement);
      } else {
        statement = await prepare(text, key, queryOptions?.paramTypes);
      }
      try {
        return await execute(statement, params, queryOptions);
      } catch (err) {
        if (!isStalePlan(err)) throw err;
        statements.delete(key);
        await close(statement);
        return execute(await prepare(text, key, queryOptions?.paramTypes), params, queryOptions);
      }
    });
    // As PGlite's query: outside a transaction, what changed is written to its file system.
    if (!inTransaction) await pg.syncToFs();
    return result as Results<T>;
  }

  /** Queries inside a transaction PGlite holds: its lock is taken, nothing is synced until the end. */
  const transactionQueries: PgliteQueries = {
    query: (text, params = [], queryOptions) => run(text, params, queryOptions, true),
  };

  return {
    async query<T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions) {
      // A blob (COPY … FROM/TO a file) needs PGlite's own handling.
      if (queryOptions?.blob) return pg.query<T>(text, params, queryOptions);
      await pg._checkReady(); // refuses a closed database, as PGlite's query does
      // Like PGlite's query: wait for another caller's transaction to end.
      return pg._runExclusiveTransaction(() => run<T>(text, params, queryOptions, false));
    },
    transaction: (fn) => pg.transaction(() => fn(transactionQueries)),
  };
}
