/** Server-side billing messages (the client shows the server's message). */
export const BILLING_MESSAGES = {
  unknownPrice: 'This plan is not available. Choose one of the plans on the subscription page.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  missingSignature: 'Missing Stripe-Signature header.',
  badSignature: 'Webhook signature verification failed.',
  webhookBody: 'The webhook body must be the raw JSON event.',
  notAnEvent: 'The webhook body is not a well-formed Stripe event.',
  customerConflict: 'This account is linked to a different payment customer.',
} as const;
