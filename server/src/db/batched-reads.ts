import DataLoader from 'dataloader';

/** Most keys in one query: a bound on the statement's size under a burst. */
const MAX_BATCH = 500;

/**
 * A read by key whose calls made in the same turn of the event loop (every request whose data
 * arrived in one poll, under load dozens) share one query. Nothing is cached: a read is sent after
 * the request that asked for it arrived, so it sees every write committed before that, as a read
 * of its own would. `loadMany` answers the keys it found; each caller gets its own value (`copy`),
 * so requests cannot see each other's changes to it.
 */
export function batchedReads<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, copy: (value: V) => V): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await loadMany([...new Set(keys)]);
      return keys.map((key) => {
        const value = found.get(key);
        return value === undefined ? undefined : copy(value);
      });
    },
    // After the poll phase (setImmediate), not after the current microtasks (DataLoader's default):
    // requests on different connections arrive in different callbacks of the same poll.
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: MAX_BATCH },
  );
  return (key) => loader.load(key);
}
