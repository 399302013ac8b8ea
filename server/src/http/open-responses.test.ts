import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { trackResponses } from './open-responses';

describe('trackResponses', () => {
  it('waits for the answers being written, so cutting the connections after it loses none', async () => {
    const server = createServer((_req, res) => void setTimeout(() => res.end('answered'), 300));
    const responses = trackResponses(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const answer = fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.text(),
      (err: Error) => err.message,
    );
    await new Promise((r) => setTimeout(r, 50));
    server.close();
    const started = Date.now();
    await responses.finished(5000);
    expect(Date.now() - started).toBeLessThan(2000);
    // What the shutdown does next: a kept-alive connection is cut, the answer already went out.
    server.closeAllConnections();
    expect(await answer).toBe('answered');
  });

  it('resolves at once with nothing being written, and after its time limit with an answer stuck', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((r) => (arrived = r));
    const server = createServer(() => arrived()); // never answers
    const responses = trackResponses(server);
    let started = Date.now();
    await responses.finished(5000);
    expect(Date.now() - started).toBeLessThan(1000);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const stuck = fetch(`http://127.0.0.1:${port}/`).catch(() => 'cut');
    // Once the request is in (a fixed 50 ms sleep lost the race on a loaded machine).
    await requestArrived;
    started = Date.now();
    await responses.finished(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    server.closeAllConnections();
    server.close();
    expect(await stuck).toBe('cut');
  });
});
