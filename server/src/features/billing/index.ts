/** What the billing feature offers the server's other features (the layering lint rule lets them import only this). */
export { createStripeClient } from './stripe-client';
export { LIVE_STATUSES } from './subscription-snapshot';
