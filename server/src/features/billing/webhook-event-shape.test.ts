import { describe, expect, it } from 'vitest';
import { isHandleableEvent } from './webhook-event-shape';

const event = (type: string, object: Record<string, unknown> = { customer: 'cus_x' }) => ({
  id: 'evt_1',
  object: 'event',
  type,
  data: { object },
});

describe('isHandleableEvent', () => {
  it('accepts the handled types in their shape and refuses them out of it', () => {
    expect(isHandleableEvent(event('customer.subscription.updated'))).toBe(true);
    expect(isHandleableEvent(event('customer.subscription.updated', { customer: 42 }))).toBe(false);
    expect(isHandleableEvent(event('invoice.paid', { customer: 'cus_x' }))).toBe(false);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'some.future.type'])(
    'acknowledges an unknown type (%s) without tripping over it',
    (type) => {
      expect(isHandleableEvent(event(type))).toBe(true);
    },
  );

  it('refuses a body that is not an event', () => {
    expect(isHandleableEvent({ id: 'evt_1' })).toBe(false);
    expect(isHandleableEvent(null)).toBe(false);
  });
});
