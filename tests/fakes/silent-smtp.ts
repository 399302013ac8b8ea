import net from 'node:net';

/** An SMTP server that accepts the connection and never answers (not even the 220 greeting). */
export interface SilentSmtp {
  url: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Resolves once `n` connections have been accepted in all. */
  waitForConnections(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSilentSmtp(): Promise<SilentSmtp> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    async waitForConnections(n, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (connections < n) {
        if (Date.now() > until) throw new Error(`silent SMTP: ${connections} of ${n} connections after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
