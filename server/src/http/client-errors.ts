import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { MESSAGES } from '@shared/messages';
import { errorCodeForStatus } from '@shared/errors';

/**
 * Requests Node refuses before Express sees them (a URL or headers over `maxHeaderSize`, 16 KB by
 * default; malformed HTTP) get a JSON `{message, code}` like every other error, not Node's bare status line.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or an already-answered socket: nothing to say to anyone.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message = status === 431 ? MESSAGES.requestTooLarge : status === 408 ? MESSAGES.invalidRequest : MESSAGES.badHttpRequest;
    const body = JSON.stringify({ message, code: status === 400 ? 'bad_request' : errorCodeForStatus(status) });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
