import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

/**
 * A loopback stand-in for the parts of Twilio the server uses, in Twilio's wire format:
 * - REST: `POST /2010-04-01/Accounts/{AccountSid}/Calls.json`, HTTP Basic auth (Account SID and
 *   Auth Token), a form-encoded body (To, From, Twiml, StatusCallback, StatusCallbackMethod,
 *   StatusCallbackEvent repeated), answered with the JSON call resource (201) or Twilio's error
 *   body `{code, message, more_info, status}`. Point the real SDK at it with TWILIO_API_BASE.
 * - What Twilio then does, driven by the test: status callbacks POSTed form-encoded to the call's
 *   StatusCallback URL, and ConversationRelay's WebSocket to the TwiML's relay URL, both carrying
 *   an X-Twilio-Signature computed as Twilio documents it (HMAC-SHA1 with the Auth Token over the
 *   URL followed by the sorted form parameters, base64), without the server's SDK.
 */

export interface FakeCall {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  twiml: string;
  statusCallback: string | null;
  statusCallbackMethod: string | null;
  statusCallbackEvents: string[];
  status: string;
  dateCreated: string;
}

export interface TwilioRestError {
  code: number;
  message: string;
  status?: number;
}

/** Twilio's signature: HMAC-SHA1(authToken, url + each param name and value in name order), base64. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string> = {}): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

function decodeXml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXml(m[1]!) : undefined;
}

/** The <ConversationRelay> of a call's TwiML: its attributes and its <Parameter>s. */
export function parseRelayTwiml(twiml: string): { url: string; attributes: Record<string, string>; parameters: Record<string, string> } {
  if (!/^(<\?xml[^>]*\?>)?<Response><Connect>/.test(twiml)) throw new Error(`TwiML does not start with <Response><Connect>: ${twiml}`);
  const open = /<ConversationRelay\b[^>]*>/.exec(twiml);
  if (!open) throw new Error(`no <ConversationRelay> in TwiML: ${twiml}`);
  const attributes: Record<string, string> = {};
  for (const m of open[0].matchAll(/\s([A-Za-z]+)="([^"]*)"/g)) attributes[m[1]!] = decodeXml(m[2]!);
  const parameters: Record<string, string> = {};
  for (const m of twiml.matchAll(/<Parameter\b[^>]*\/?>/g)) {
    const name = attr(m[0], 'name');
    if (name) parameters[name] = attr(m[0], 'value') ?? '';
  }
  const url = attributes.url;
  if (!url) throw new Error('<ConversationRelay> has no url');
  return { url, attributes, parameters };
}

/** Messages ConversationRelay receives from the app. */
export type RelayInbound =
  { type: 'text'; token: string; last: boolean } | { type: 'end'; handoffData?: string } | { type: string; [k: string]: unknown };

export interface RelayClient {
  /** Every message the app sent, in order. */
  received: RelayInbound[];
  send(msg: object): void;
  /** Say something (a final transcript), as ConversationRelay reports the caller's speech. */
  prompt(text: string): void;
  /** The next full prospect turn: text tokens up to the one with `last: true`. */
  nextTurn(timeoutMs?: number): Promise<{ tokens: string[]; text: string }>;
  /** Resolves with the next `end` message (or rejects on timeout). */
  nextEnd(timeoutMs?: number): Promise<RelayInbound>;
  /** Resolves when the app closes the socket. */
  closed: Promise<number>;
  hangUp(): Promise<void>;
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

export async function startFakeTwilio(options: { accountSid?: string; authToken?: string } = {}) {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  const calls: FakeCall[] = [];
  const refusals: TwilioRestError[] = [];
  const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

  function resource(call: FakeCall) {
    return {
      account_sid: call.accountSid,
      annotation: null,
      answered_by: null,
      api_version: '2010-04-01',
      caller_name: null,
      date_created: call.dateCreated,
      date_updated: call.dateCreated,
      direction: 'outbound-api',
      duration: null,
      end_time: null,
      forwarded_from: null,
      from: call.from,
      from_formatted: call.from,
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: `PN${randomBytes(16).toString('hex')}`,
      price: null,
      price_unit: 'USD',
      queue_time: '0',
      sid: call.sid,
      start_time: null,
      status: call.status,
      subresource_uris: {
        notifications: `/2010-04-01/Accounts/${call.accountSid}/Calls/${call.sid}/Notifications.json`,
        recordings: `/2010-04-01/Accounts/${call.accountSid}/Calls/${call.sid}/Recordings.json`,
      },
      to: call.to,
      to_formatted: call.to,
      trunk_sid: null,
      uri: `/2010-04-01/Accounts/${call.accountSid}/Calls/${call.sid}.json`,
    };
  }

  function error(res: ServerResponse, status: number, code: number, message: string) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0]!;
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [user, pass] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    if (user !== accountSid || pass !== authToken) return error(res, 401, 20003, 'Authenticate');
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(path);
    if (req.method === 'POST' && m) {
      if (m[1] !== accountSid) return error(res, 404, 20404, `The requested resource ${path} was not found`);
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return error(res, 400, 20001, 'Expected a form-encoded body');
      }
      const form = new URLSearchParams(body);
      const to = form.get('To');
      const from = form.get('From');
      if (!to) return error(res, 400, 21201, "No 'To' number is specified");
      if (!from) return error(res, 400, 21603, "A 'From' phone number is required.");
      if (!form.get('Twiml') && !form.get('Url') && !form.get('ApplicationSid')) {
        return error(res, 400, 21205, 'Url, ApplicationSid or Twiml is required');
      }
      const refusal = refusals.shift();
      if (refusal) return error(res, refusal.status ?? 400, refusal.code, refusal.message);
      const call: FakeCall = {
        sid: `CA${randomBytes(16).toString('hex')}`,
        accountSid,
        to,
        from,
        twiml: form.get('Twiml') ?? '',
        statusCallback: form.get('StatusCallback'),
        statusCallbackMethod: form.get('StatusCallbackMethod'),
        statusCallbackEvents: form.getAll('StatusCallbackEvent'),
        status: 'queued',
        dateCreated: rfc2822(new Date()),
      };
      calls.push(call);
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(resource(call)));
      return;
    }
    return error(res, 404, 20404, `The requested resource ${path} was not found`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The public URL rewritten to the app under test (the proxy in front of a real deployment). */
  const deliver = (publicUrl: string, appUrl: string) => {
    const u = new URL(publicUrl);
    const target = new URL(appUrl);
    return `${target.protocol === 'https:' ? u.protocol : u.protocol.replace(/s:$/, ':')}//${target.host}${u.pathname}${u.search}`;
  };

  return {
    url,
    accountSid,
    authToken,
    calls,
    /** The next Calls.json create is refused with this Twilio error. */
    refuseNext(err: TwilioRestError) {
      refusals.push(err);
    },
    /** Twilio's env for the app under test. */
    env(): Record<string, string> {
      return { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: '+15005550006', TWILIO_API_BASE: url };
    },

    /**
     * POST a status callback for `call` to the app, as Twilio does: form-encoded, to the call's
     * StatusCallback URL (delivered to `appUrl`), signed unless `signature` says otherwise.
     */
    async statusCallback(
      call: FakeCall,
      appUrl: string,
      callStatus: string,
      opts: { signature?: 'valid' | 'none' | 'wrong'; extra?: Record<string, string> } = {},
    ) {
      if (!call.statusCallback) throw new Error('the call has no StatusCallback');
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        CallSid: call.sid,
        CallStatus: callStatus,
        CallbackSource: 'call-progress-events',
        Called: call.to,
        Caller: call.from,
        Direction: 'outbound-api',
        From: call.from,
        To: call.to,
        SequenceNumber: '0',
        Timestamp: rfc2822(new Date()),
        ...opts.extra,
      };
      const signature = opts.signature ?? 'valid';
      const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'TwilioProxy/1.1' };
      if (signature === 'valid') headers['X-Twilio-Signature'] = twilioSignature(authToken, call.statusCallback, params);
      if (signature === 'wrong') headers['X-Twilio-Signature'] = twilioSignature('not-the-auth-token', call.statusCallback, params);
      return fetch(deliver(call.statusCallback, appUrl), { method: 'POST', headers, body: new URLSearchParams(params).toString() });
    },

    /**
     * Answer `call` as ConversationRelay does: open a WebSocket to the TwiML's relay URL (delivered
     * to `appUrl`) with an X-Twilio-Signature over that wss:// URL, then send `setup` with the
     * TwiML's custom parameters. Rejects when the app refuses the handshake (with its HTTP status).
     */
    async connectRelay(call: FakeCall, appUrl: string, opts: { signature?: 'valid' | 'none' | 'wrong' } = {}): Promise<RelayClient> {
      const { url: relayUrl, parameters } = parseRelayTwiml(call.twiml);
      const signature = opts.signature ?? 'valid';
      const headers: Record<string, string> = {};
      if (signature === 'valid') headers['X-Twilio-Signature'] = twilioSignature(authToken, relayUrl);
      if (signature === 'wrong') headers['X-Twilio-Signature'] = twilioSignature('not-the-auth-token', relayUrl);
      const ws = new WebSocket(deliver(relayUrl, appUrl), { headers });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('unexpected-response', (_req, res) =>
          reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { status: res.statusCode })),
        );
        ws.once('error', reject);
      });
      const received: RelayInbound[] = [];
      const waiters: (() => void)[] = [];
      ws.on('message', (data) => {
        received.push(JSON.parse(String(data)) as RelayInbound);
        for (const w of waiters.splice(0)) w();
      });
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      let cursor = 0;
      /** Wait until `pick` finds what it wants among messages from the cursor on. */
      const waitFor = <T>(pick: () => T | undefined, timeoutMs: number) =>
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`relay: timed out; received ${JSON.stringify(received.slice(cursor))}`)),
            timeoutMs,
          );
          const check = () => {
            const found = pick();
            if (found !== undefined) {
              clearTimeout(timer);
              resolve(found);
            } else waiters.push(check);
          };
          check();
        });
      const send = (msg: object) => ws.send(JSON.stringify(msg));
      send({
        type: 'setup',
        sessionId: `VX${randomBytes(16).toString('hex')}`,
        accountSid,
        parentCallSid: '',
        callSid: call.sid,
        from: call.from,
        to: call.to,
        forwardedFrom: '',
        callType: 'PSTN',
        callerName: '',
        direction: 'outbound-api',
        callStatus: 'IN-PROGRESS',
        customParameters: parameters,
      });
      return {
        received,
        send,
        prompt: (text) => send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true }),
        nextTurn: (timeoutMs = 10_000) =>
          waitFor(() => {
            const rest = received.slice(cursor);
            const end = rest.findIndex((m) => m.type === 'text' && (m as { last: boolean }).last);
            if (end < 0) return undefined;
            const tokens = rest
              .slice(0, end + 1)
              .filter((m) => m.type === 'text')
              .map((m) => (m as { token: string }).token);
            cursor += end + 1;
            return { tokens, text: tokens.join('') };
          }, timeoutMs),
        nextEnd: (timeoutMs = 15_000) =>
          waitFor(() => {
            const i = received.slice(cursor).findIndex((m) => m.type === 'end');
            if (i < 0) return undefined;
            const msg = received[cursor + i]!;
            cursor += i + 1;
            return msg;
          }, timeoutMs),
        closed,
        async hangUp() {
          ws.close(1000);
          await closed;
        },
      };
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
