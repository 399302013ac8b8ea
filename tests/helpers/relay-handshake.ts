import WebSocket from 'ws';

/**
 * Opens the practice relay at `relayUrl`'s path and query on `appUrl` with this X-Twilio-Signature,
 * as Twilio's ConversationRelay would: 101 when it opens, else the HTTP status of the refusal (0: no answer).
 */
export function relayHandshake(appUrl: string, relayUrl: string, signature: string): Promise<number> {
  const u = new URL(relayUrl);
  const ws = new WebSocket(`${appUrl.replace(/^http/, 'ws')}${u.pathname}${u.search}`, { headers: { 'X-Twilio-Signature': signature } });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}
