import type { Server, ServerResponse } from 'node:http';

/**
 * The responses being written. A server that is closing keeps kept-alive connections open after
 * their response, so `server.close`'s callback is no sign that answers were sent: this count is.
 */
export function trackResponses(server: Server) {
  let open = 0;
  let onIdle: (() => void) | undefined;
  server.on('request', (_req, res: ServerResponse) => {
    open += 1;
    res.once('close', () => {
      open -= 1;
      if (open === 0) onIdle?.();
    });
  });
  return {
    /** Resolves when no response is being written, or after `timeoutMs`. */
    finished(timeoutMs: number): Promise<void> {
      if (open === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
