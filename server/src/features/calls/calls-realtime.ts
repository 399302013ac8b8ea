import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CallsRealtimeDeps } from './calls-deps';
import { PRACTICE_SOCKET_PATH, publicWsUrl, RELAY_PATH, type CallsService } from './calls-service';
import { handlePracticeSocket } from './practice-socket';
import { handleRelaySocket } from './relay-socket';

/** Messages are short JSON (a transcript line, a token): anything bigger is refused by `ws`. */
const MAX_PAYLOAD = 64 * 1024;
/** Shutdown waits at most this long for open sessions to be stored. */
const SHUTDOWN_WAIT_MS = 5_000;

function reject(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The practice-call WebSockets on the app's own HTTP server (its `upgrade` event): the phone relay
 * (signed by Twilio on the handshake) and browser practice (authenticated by its first message).
 */
export function createCallsRealtime(ctx: CallsRealtimeDeps, calls: CallsService) {
  const relay = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const practice = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  practice.on('connection', (ws: WebSocket) => handlePracticeSocket(ws, ctx, calls));

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = (req.url ?? '').split('?')[0];
    if (path === RELAY_PATH) {
      const provider = calls.provider;
      if (!provider) {
        reject(socket, 404, 'Not Found');
        return true;
      }
      // Twilio signs the full wss:// URL named in the TwiML (PUBLIC_URL based, with the query that
      // names the call and its token), with no form parameters.
      const url = publicWsUrl(ctx.config.PUBLIC_URL, req.url ?? RELAY_PATH);
      const signature = req.headers['x-twilio-signature'];
      if (!provider.validSignature(typeof signature === 'string' ? signature : undefined, url, {})) {
        ctx.logger.warn({ path }, 'unsigned or wrongly signed relay handshake refused');
        reject(socket, 403, 'Forbidden');
        return true;
      }
      const query = new URL(url).searchParams;
      const callId = query.get('callId') ?? '';
      const token = query.get('token') ?? '';
      void (async () => {
        const call = callId && token ? await calls.repo.byId(callId) : undefined;
        if (!call || call.mode !== 'phone' || !calls.validRelayToken(call, token)) {
          ctx.logger.warn({ path }, 'relay handshake for no call of its own refused');
          return reject(socket, 403, 'Forbidden');
        }
        relay.handleUpgrade(req, socket, head, (ws) => handleRelaySocket(ws, ctx, calls, call.id));
      })().catch((err: unknown) => {
        ctx.logger.error({ err }, 'relay handshake failed');
        reject(socket, 503, 'Service Unavailable');
      });
      return true;
    }
    if (path === PRACTICE_SOCKET_PATH) {
      practice.handleUpgrade(req, socket, head, (ws) => practice.emit('connection', ws, req));
      return true;
    }
    return false;
  }

  /**
   * Close every open session (server shutdown) and wait, a bounded time, for the conversations to
   * store and score what they have.
   */
  async function closeAll(): Promise<void> {
    for (const ws of [...relay.clients, ...practice.clients]) ws.close(1001, 'server shutting down');
    // Sockets that do not finish their closing handshake are cut.
    setTimeout(() => {
      for (const ws of [...relay.clients, ...practice.clients]) ws.terminate();
    }, 1000).unref();
    const stored = Promise.allSettled([...calls.live].map((c) => c.done()));
    await Promise.race([stored, new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref())]);
  }

  return { handleUpgrade, closeAll };
}

export type CallsRealtime = ReturnType<typeof createCallsRealtime>;
