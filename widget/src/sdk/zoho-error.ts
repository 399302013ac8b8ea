/** A failure talking to Zoho CRM through the Embedded App SDK (absent SDK, rejected call, odd answer). */
export class ZohoSdkError extends Error {
  constructor(
    message: string,
    readonly operation: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'ZohoSdkError';
  }
}

/** The text of whatever the SDK rejected with (it rejects with objects as often as with Errors). */
export function describeSdkFailure(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object') {
    const o = err as Record<string, unknown>;
    for (const key of ['message', 'code', 'status']) {
      if (typeof o[key] === 'string' && o[key]) return o[key];
    }
    const first = Array.isArray(o.data) ? (o.data[0] as Record<string, unknown> | undefined) : undefined;
    if (first && typeof first.message === 'string') return first.message;
    try {
      return JSON.stringify(err);
    } catch {
      return 'unknown error';
    }
  }
  return 'unknown error';
}
