import { act } from '@testing-library/react';
import type { PracticeClientMessage, PracticeServerMessage } from '@shared/schemas';

/**
 * A stand-in for the browser's WebSocket (installed with vi.stubGlobal): records what the page sends,
 * lets the test play the server's side of the practice protocol, and can hang up.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  /** Called for each message the page sends (the scripted server). */
  static onClientMessage: ((socket: FakeWebSocket, msg: PracticeClientMessage) => void) | null = null;

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: PracticeClientMessage[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
    // Like a real socket, it opens after the constructor returns.
    setTimeout(() => this.open(), 0);
  }

  static reset() {
    FakeWebSocket.instances = [];
    FakeWebSocket.onClientMessage = null;
  }
  static latest(): FakeWebSocket {
    const s = FakeWebSocket.instances.at(-1);
    if (!s) throw new Error('no WebSocket was opened');
    return s;
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError: the socket is not open');
    const msg = JSON.parse(data) as PracticeClientMessage;
    this.sent.push(msg);
    const handler = FakeWebSocket.onClientMessage;
    if (handler) setTimeout(() => handler(this, msg), 0);
  }
  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code: 1000 }));
  }

  private open() {
    if (this.readyState !== FakeWebSocket.CONNECTING) return;
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.dispatchEvent(new Event('open'));
    });
  }
  /** The server's side: one protocol message. */
  serverSend(msg: PracticeServerMessage) {
    act(() => void this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(msg) })));
  }
  /** The server's side: a turn as several text tokens, the last one closing it. */
  serverSay(tokens: string[]) {
    tokens.forEach((token, i) => this.serverSend({ type: 'text', token, last: i === tokens.length - 1 }));
  }
  /** The server (or the network) hangs up. */
  serverClose(code = 1006) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.dispatchEvent(new CloseEvent('close', { code }));
    });
  }
}
