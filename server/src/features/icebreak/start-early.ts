/** An async iteration already under way: read it with for-await, or cancel it unread. */
export interface EarlyIteration<T> extends AsyncIterable<T> {
  /** End the source without reading it (its finally blocks run: an HTTP request is cancelled). */
  cancel(): Promise<void>;
}

/**
 * Begin iterating `source` now and hand its items over later. The first item is asked for at
 * once, so the work behind it (an upstream request) runs while the caller does something else,
 * and is handed to the first reader. One reader only.
 */
export function startEarly<T>(source: AsyncIterable<T>): EarlyIteration<T> {
  const iterator = source[Symbol.asyncIterator]();
  let first: Promise<IteratorResult<T>> | null = iterator.next();
  // Until it is read (or never, when cancelled), a failure must not count as unhandled.
  first.catch(() => undefined);
  const end = async (): Promise<IteratorResult<T>> => {
    first = null;
    await iterator.return?.();
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]: () => ({
      next() {
        const pending = first;
        first = null;
        return pending ?? iterator.next();
      },
      return: end,
    }),
    async cancel() {
      await end().catch(() => undefined);
    },
  };
}
