import { ApiError } from '@shared/api/client';
import { MESSAGES } from '@shared/messages';
import { ZohoSdkError } from '../sdk/zoho-error';
import { WIDGET_TEXT } from './messages';

/** What went wrong, in the kinds the widget shows differently (docs/product.md#the-zoho-widget). */
export interface Problem {
  kind: 'noCredits' | 'unreachable' | 'sdk' | 'leadData' | 'server';
  title: string;
  message: string;
}

// By the server's code; a 402 from a server older than the codes means the same.
function isNoCredits(err: ApiError): boolean {
  return err.code === 'insufficient_credits' || (err.code === undefined && err.status === 402);
}

/** Turn any failure into a message a salesperson can act on. */
export function toProblem(err: unknown, apiBaseUrl: string): Problem {
  if (err instanceof ZohoSdkError) return { kind: 'sdk', title: WIDGET_TEXT.sdkFailure, message: err.message };
  if (err instanceof ApiError) {
    if (isNoCredits(err)) return { kind: 'noCredits', title: WIDGET_TEXT.noCreditsLeft, message: err.serverMessage ?? MESSAGES.noCredits };
    // A gateway error without our JSON body: a proxy in front of a server that is down.
    if (err.status === 0 || (!err.serverMessage && (err.status === 502 || err.status === 503 || err.status === 504))) {
      return { kind: 'unreachable', title: 'Server unreachable', message: WIDGET_TEXT.unreachable(apiBaseUrl) };
    }
    return { kind: 'server', title: 'The server refused the request', message: err.serverMessage ?? err.message };
  }
  // fetch() rejects with a TypeError when the server cannot be reached (or CORS refuses the origin).
  if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) {
    return { kind: 'unreachable', title: 'Server unreachable', message: WIDGET_TEXT.unreachable(apiBaseUrl) };
  }
  return { kind: 'server', title: 'Something went wrong', message: err instanceof Error ? err.message : String(err) };
}
