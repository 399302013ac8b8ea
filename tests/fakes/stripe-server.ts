import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback fake of the parts of Stripe's API the server uses, in Stripe's wire format:
 * form-encoded POST bodies (bracket notation), JSON answers with `object` fields, list envelopes,
 * error envelopes, the Authorization bearer key and Idempotency-Key. Point the real SDK at it
 * with STRIPE_API_BASE. Tests change its state through the methods below (complete a checkout,
 * renew, switch, cancel), which return the events Stripe would send; `signedWebhook` signs them
 * with the SDK's own test-header helper.
 */

type Json = Record<string, unknown>;

export interface FakeRequest {
  method: string;
  path: string;
  query: Json;
  body: Json;
  idempotencyKey?: string;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  livemode: false;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
}

interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  subscription: string;
  quantity: number;
  created: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  price: {
    id: string;
    object: 'price';
    active: true;
    currency: 'usd';
    product: string;
    type: 'recurring';
    recurring: { interval: 'month'; interval_count: 1 };
  };
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Json; previous_attributes?: Json };
}

const PERIOD_SECONDS = 30 * 24 * 3600;

function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(9).toString('hex')}`;
}

/** Stripe's form encoding: `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/^[^[\]]+|\[[^\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [key];
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v as Json).map(([k, x]) => [k, arrays(x)] as const);
    const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
    return numeric ? entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, x]) => x) : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

export interface FakeStripeOptions {
  secretKey?: string;
  /** Prices to sell, id → product (defaults below match `fakeStripeEnv`). */
  prices?: Record<string, string>;
}

export const FAKE_PRICES = {
  starter: 'price_starter_test',
  professional: 'price_professional_test',
  enterprise: 'price_enterprise_test',
} as const;

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_key';
  const prices = options.prices ?? {
    [FAKE_PRICES.starter]: 'prod_starter',
    [FAKE_PRICES.professional]: 'prod_professional',
    [FAKE_PRICES.enterprise]: 'prod_enterprise',
  };
  let nowSeconds = Math.floor(Date.now() / 1000);
  const customers = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: object }>();
  const requests: FakeRequest[] = [];
  /** 'METHOD /path' requests the fake answers with a 400 invalid_request_error (see `refuse`). */
  const refused = new Set<string>();
  let base = '';
  /** While set, API requests are read and never answered (a Stripe that hangs). */
  let hanging = false;

  const clone = <T>(v: T): T => structuredClone(v);

  function stripeError(status: number, message: string, extra: Json = {}) {
    return { status, body: { error: { type: 'invalid_request_error', message, ...extra } } };
  }
  const missing = (kind: string, id: string, param = 'id') =>
    stripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
  /** A customer the API still answers for (a deleted one only answers a retrieve, with `deleted: true`). */
  const liveCustomer = (id: unknown) => typeof id === 'string' && customers.has(id) && !customers.get(id)!.deleted;

  function priceObject(priceId: string): FakeSubscriptionItem['price'] {
    return {
      id: priceId,
      object: 'price',
      active: true,
      currency: 'usd',
      product: prices[priceId]!,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    };
  }

  function list(data: unknown[], url: string) {
    return { object: 'list', data, has_more: false, url };
  }

  // --- The API the SDK calls -------------------------------------------------------------------

  function route(req: FakeRequest): { status: number; body: object } {
    const { method, path, body, query } = req;
    let m: RegExpMatchArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: nowSeconds,
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) return missing('customer', m[1]!);
      for (const key of ['email', 'name'] as const) if (body[key] !== undefined) customer[key] = body[key];
      return { status: 200, body: customer };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(m[1]!);
      return customer ? { status: 200, body: customer } : missing('customer', m[1]!);
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode !== 'subscription') return stripeError(400, 'Only subscription mode is faked', { param: 'mode' });
      const items = (body.line_items ?? []) as { price?: string; quantity?: string }[];
      if (items.length !== 1 || !items[0]?.price) return stripeError(400, 'line_items must hold one price', { param: 'line_items' });
      if (!prices[items[0].price])
        return stripeError(400, `No such price: '${items[0].price}'`, { code: 'resource_missing', param: 'line_items[0][price]' });
      const quantity = items[0].quantity === undefined ? 1 : Number(items[0].quantity);
      if (!Number.isInteger(quantity) || quantity < 1)
        return stripeError(400, 'Invalid positive integer', { param: 'line_items[0][quantity]' });
      const customer = body.customer as string | undefined;
      if (customer && !liveCustomer(customer)) return missing('customer', customer, 'customer');
      for (const key of ['success_url', 'cancel_url'] as const) {
        if (typeof body[key] !== 'string') return stripeError(400, `Missing required param: ${key}.`, { param: key });
      }
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        created: nowSeconds,
        customer: customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${base}/checkout/${id}`,
        livemode: false,
        // Kept for the fake's own use: what the session sells and what it passes to the subscription.
        _price: items[0].price,
        _quantity: quantity,
        _subscriptionMetadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
      };
      checkoutSessions.set(id, session);
      return { status: 200, body: publicSession(session) };
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = body.customer as string | undefined;
      if (!liveCustomer(customer)) return missing('customer', String(customer), 'customer');
      const flow = body.flow_data as Json | undefined;
      if (flow?.type === 'subscription_update_confirm') {
        const confirm = flow.subscription_update_confirm as { subscription: string; items: { id: string; price: string }[] };
        if (!subscriptions.has(confirm.subscription)) return missing('subscription', confirm.subscription);
        if (!confirm.items?.[0]?.price || !prices[confirm.items[0].price]) return stripeError(400, 'Unknown price in flow_data');
      }
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        created: nowSeconds,
        customer,
        return_url: body.return_url ?? null,
        flow: flow ?? null,
        url: `${base}/billing/${id}`,
        livemode: false,
      };
      portalSessions.set(id, session);
      return { status: 200, body: session };
    }

    if (method === 'GET' && path === '/v1/subscriptions') {
      if (query.customer !== undefined && !liveCustomer(query.customer)) return missing('customer', String(query.customer), 'customer');
      const status = (query.status as string | undefined) ?? 'active';
      const data = [...subscriptions.values()]
        .filter((s) => !query.customer || s.customer === query.customer)
        .filter((s) => (status === 'all' ? true : status === 'active' ? s.status !== 'canceled' : s.status === status))
        .sort((a, b) => b.created - a.created);
      return { status: 200, body: list(data.map(clone), '/v1/subscriptions') };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (method === 'GET') return { status: 200, body: clone(sub) };
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) setCancelAtPeriodEnd(sub, body.cancel_at_period_end === 'true');
        const items = body.items as { id?: string; price?: string; quantity?: string }[] | undefined;
        if (items?.[0]?.id !== undefined && items[0].id !== sub.items.data[0]!.id)
          return missing('subscription_item', items[0].id, 'items[0][id]');
        if (items?.[0]?.price) {
          if (!prices[items[0].price]) return stripeError(400, `No such price: '${items[0].price}'`);
          sub.items.data[0]!.price = priceObject(items[0].price);
        }
        if (items?.[0]?.quantity !== undefined) {
          const quantity = Number(items[0].quantity);
          if (!Number.isInteger(quantity) || quantity < 1)
            return stripeError(400, 'Invalid positive integer', { param: 'items[0][quantity]' });
          sub.items.data[0]!.quantity = quantity;
        }
        if (body.metadata) sub.metadata = { ...sub.metadata, ...(body.metadata as Record<string, string>) };
        return { status: 200, body: clone(sub) };
      }
      if (method === 'DELETE') {
        endSubscription(sub);
        return { status: 200, body: clone(sub) };
      }
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function publicSession(session: Json): Json {
    return Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith('_')));
  }

  function page(title: string, rows: Record<string, unknown>): string {
    const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const items = Object.entries(rows)
      .map(([k, v]) => `<dt>${esc(k)}</dt><dd data-field="${esc(k)}">${esc(v)}</dd>`)
      .join('');
    return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1><dl>${items}</dl></body></html>`;
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(res: ServerResponse, status: number, body: object) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
    res.end(JSON.stringify(body));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && (m = url.pathname.match(/^\/checkout\/([^/]+)$/))) {
      const session = checkoutSessions.get(m[1]!);
      res.writeHead(session ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        session ? page('Fake Stripe Checkout', { session: session.id, price: session._price, customer: session.customer }) : 'Not found',
      );
      return;
    }
    if (req.method === 'GET' && (m = url.pathname.match(/^\/billing\/([^/]+)$/))) {
      const session = portalSessions.get(m[1]!);
      res.writeHead(session ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(session ? page('Fake Stripe Customer Portal', { session: session.id, customer: session.customer }) : 'Not found');
      return;
    }
    const text = await readBody(req);
    if (hanging) return;
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const contentType = req.headers['content-type'] ?? '';
    if (text && !contentType.startsWith('application/x-www-form-urlencoded')) {
      send(res, 400, { error: { type: 'invalid_request_error', message: `Unsupported content type ${contentType}` } });
      return;
    }
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: parseStripeForm(text),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
    requests.push(request);
    const cacheKey = idempotencyKey && request.method === 'POST' ? `${request.path} ${idempotencyKey}` : undefined;
    const answer = refused.has(`${request.method} ${request.path}`)
      ? stripeError(400, 'This request was refused by the test.', { code: 'test_refused' })
      : (cacheKey && idempotent.get(cacheKey)) || route(request);
    if (cacheKey) idempotent.set(cacheKey, answer);
    send(res, answer.status, answer.body);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // --- State changes, as Stripe would make them, returning the events it would send -------------

  function event(type: string, object: unknown, previous?: Json): FakeEvent {
    return {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: nowSeconds,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: clone(object) as Json, ...(previous ? { previous_attributes: previous } : {}) },
    };
  }

  function invoiceFor(sub: FakeSubscription, billingReason: string): Json {
    const item = sub.items.data[0]!;
    const id = newId('in');
    const invoice = {
      id,
      object: 'invoice',
      billing_reason: billingReason,
      customer: sub.customer,
      status: 'paid',
      created: nowSeconds,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      amount_paid: 900,
      currency: 'usd',
      livemode: false,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: list(
        [
          {
            id: newId('il'),
            object: 'line_item',
            invoice: id,
            quantity: item.quantity,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
              unit_amount_decimal: null,
            },
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription: sub.id, subscription_item: item.id } },
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  function setCancelAtPeriodEnd(sub: FakeSubscription, on: boolean) {
    sub.cancel_at_period_end = on;
    sub.cancel_at = on ? sub.items.data[0]!.current_period_end : null;
    sub.canceled_at = on ? nowSeconds : null;
  }

  function endSubscription(sub: FakeSubscription) {
    sub.status = 'canceled';
    sub.ended_at = nowSeconds;
    sub.canceled_at ??= nowSeconds;
  }

  function subscription(id: string): FakeSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake Stripe: no subscription ${id}`);
    return sub;
  }

  return {
    url: base,
    secretKey,
    requests,
    customers,
    subscriptions,
    checkoutSessions,
    portalSessions,

    /** Env for the app: payments on against this fake. */
    env(webhookSecret = 'whsec_fake_secret'): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PRICE_STARTER: FAKE_PRICES.starter,
        STRIPE_PRICE_PROFESSIONAL: FAKE_PRICES.professional,
        STRIPE_PRICE_ENTERPRISE: FAKE_PRICES.enterprise,
        STRIPE_API_BASE: base,
      };
    },

    /** The customer pays on the checkout page: the subscription starts, its first invoice is paid. */
    completeCheckout(sessionId: string) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} is ${String(session.status)}`);
      const subId = newId('sub');
      const start = nowSeconds;
      const sub: FakeSubscription = {
        id: subId,
        object: 'subscription',
        customer: session.customer as string,
        status: 'active',
        created: start,
        start_date: start,
        billing_cycle_anchor: start,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        metadata: session._subscriptionMetadata as Record<string, string>,
        latest_invoice: null,
        livemode: false,
        items: {
          object: 'list',
          has_more: false,
          url: `/v1/subscription_items?subscription=${subId}`,
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              subscription: subId,
              quantity: session._quantity as number,
              created: start,
              current_period_start: start,
              current_period_end: start + PERIOD_SECONDS,
              metadata: {},
              price: priceObject(session._price as string),
            },
          ],
        },
      };
      subscriptions.set(subId, sub);
      const invoice = invoiceFor(sub, 'subscription_create');
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subId });
      return {
        subscription: clone(sub),
        invoice: clone(invoice),
        events: {
          subscriptionCreated: event('customer.subscription.created', sub),
          checkoutCompleted: event('checkout.session.completed', publicSession(session)),
          invoicePaid: event('invoice.paid', invoice),
        },
      };
    },

    /** The billing period ends: a new one starts and its invoice is paid (or the subscription ends if cancelling). */
    renew(subId: string) {
      const sub = subscription(subId);
      const item = sub.items.data[0]!;
      nowSeconds = Math.max(nowSeconds, item.current_period_end);
      if (sub.cancel_at_period_end) {
        endSubscription(sub);
        return { subscription: clone(sub), event: event('customer.subscription.deleted', sub) };
      }
      item.current_period_start = item.current_period_end;
      item.current_period_end += PERIOD_SECONDS;
      const invoice = invoiceFor(sub, 'subscription_cycle');
      return {
        subscription: clone(sub),
        invoice: clone(invoice),
        event: event('invoice.paid', invoice),
        updated: event('customer.subscription.updated', sub, { items: {} }),
      };
    },

    /** A plan switch that takes effect at the next cycle (no proration invoice). */
    switchPrice(subId: string, priceId: string) {
      const sub = subscription(subId);
      if (!prices[priceId]) throw new Error(`fake Stripe: no price ${priceId}`);
      const previous = clone(sub.items);
      sub.items.data[0]!.price = priceObject(priceId);
      return { subscription: clone(sub), event: event('customer.subscription.updated', sub, { items: previous }) };
    },

    /** Seats changed (in the Customer Portal, say): the quantity changes now, billed from the next cycle. */
    setQuantity(subId: string, quantity: number) {
      const sub = subscription(subId);
      const previous = clone(sub.items);
      sub.items.data[0]!.quantity = quantity;
      return { subscription: clone(sub), event: event('customer.subscription.updated', sub, { items: previous }) };
    },

    cancelAtPeriodEnd(subId: string, on = true) {
      const sub = subscription(subId);
      const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
      setCancelAtPeriodEnd(sub, on);
      return { subscription: clone(sub), event: event('customer.subscription.updated', sub, previous) };
    },

    /** The subscription ends now. */
    cancelNow(subId: string) {
      const sub = subscription(subId);
      endSubscription(sub);
      return { subscription: clone(sub), event: event('customer.subscription.deleted', sub) };
    },

    /** The customer is deleted in Stripe (or the keys moved on): its subscriptions end with it. */
    deleteCustomer(customerId: string) {
      if (!customers.has(customerId)) throw new Error(`fake Stripe: no customer ${customerId}`);
      customers.set(customerId, { id: customerId, object: 'customer', deleted: true });
      const ended = [...subscriptions.values()].filter((sub) => sub.customer === customerId && sub.status !== 'canceled');
      ended.forEach(endSubscription);
      return { events: ended.map((sub) => event('customer.subscription.deleted', sub)) };
    },

    /** Answer every later `method path` request with a 400 error (a provider refusing the call). */
    refuse(method: string, path: string) {
      refused.add(`${method} ${path}`);
    },

    /** Any event (e.g. an unknown type). */
    event,

    /** From now on API requests get no answer at all (true), or are answered again (false). */
    hang(on: boolean) {
      hanging = on;
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A webhook delivery as Stripe makes it: the JSON body and its Stripe-Signature header (SDK helper). */
export function signedWebhook(event: unknown, secret: string, timestamp?: number) {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return { payload, header };
}

/** POST a signed event to the app's webhook endpoint. */
export async function deliver(appUrl: string, event: unknown, secret: string): Promise<Response> {
  const { payload, header } = signedWebhook(event, secret);
  return fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: payload,
  });
}
