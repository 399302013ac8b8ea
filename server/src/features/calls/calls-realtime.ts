import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { PRACTICE_SOCKET_PATH, publicWsUrl, RELAY_PATH, type CallsService } from './calls-service';
import { handlePracticeSocket } from './practice-socket';
import { handleRelaySocket } from './relay-socket';

/** Messages are short JSON (a transcript line, a token): anything bigger is refused by `ws`. */
const MAX_PAYLOAD = 64 * 1024;

function reject(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The practice-call WebSockets on the app's own HTTP server (its `upgrade` event): the phone relay
 * (signed by Twilio on the handshake) and browser practice (authenticated by its first message).
 */
export function createCallsRealtime(ctx: AppContext, calls: CallsService) {
  const relay = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const practice = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  relay.on('connection', (ws: WebSocket) => handleRelaySocket(ws, ctx, calls));
  practice.on('connection', (ws: WebSocket) => handlePracticeSocket(ws, ctx, calls));

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = (req.url ?? '').split('?')[0];
    if (path === RELAY_PATH) {
      const provider = calls.provider;
      if (!provider) {
        reject(socket, 404, 'Not Found');
        return true;
      }
      // Twilio signs the wss:// URL named in the TwiML (PUBLIC_URL based), with no form parameters.
      const url = publicWsUrl(ctx.config.PUBLIC_URL, req.url ?? RELAY_PATH);
      const signature = req.headers['x-twilio-signature'];
      if (!provider.validSignature(typeof signature === 'string' ? signature : undefined, url, {})) {
        ctx.logger.warn({ path }, 'unsigned or wrongly signed relay handshake refused');
        reject(socket, 403, 'Forbidden');
        return true;
      }
      relay.handleUpgrade(req, socket, head, (ws) => relay.emit('connection', ws, req));
      return true;
    }
    if (path === PRACTICE_SOCKET_PATH) {
      practice.handleUpgrade(req, socket, head, (ws) => practice.emit('connection', ws, req));
      return true;
    }
    return false;
  }

  /** Close every open session (server shutdown): conversations store and score what they have. */
  function closeAll() {
    for (const ws of [...relay.clients, ...practice.clients]) ws.close(1001, 'server shutting down');
    // Sockets that do not finish their closing handshake are cut.
    setTimeout(() => {
      for (const ws of [...relay.clients, ...practice.clients]) ws.terminate();
    }, 1000).unref();
  }

  return { handleUpgrade, closeAll };
}

export type CallsRealtime = ReturnType<typeof createCallsRealtime>;
