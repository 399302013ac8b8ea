import type { CallStatus } from '@shared/schemas/calls';

export interface PlaceCallInput {
  /** Our call id, handed back by the relay's setup message as a custom parameter. */
  callId: string;
  /** E.164 number to ring (the user's saved number). */
  to: string;
  /** Public wss:// URL of the relay WebSocket. */
  relayUrl: string;
  /** Public URL of the status callback (with our call id in its query). */
  statusCallbackUrl: string;
  /** Words the speech recogniser should expect (the prospect's name, company). */
  hints?: string[];
}

export type PlaceCallResult =
  | { ok: true; providerCallId: string; status: CallStatus }
  /** `refused`: the provider answered no (its reason is kept); `unreachable`: no answer at all. */
  | { ok: false; kind: 'refused' | 'unreachable'; reason: string };

export interface StatusUpdate {
  providerCallId: string | null;
  /** null: a status we do not track (left unchanged). */
  status: CallStatus | null;
  errorMessage: string | null;
}

/**
 * A phone provider whose calls speak the ConversationRelay WebSocket protocol (Twilio; Telnyx speaks
 * the same relay protocol and would be a second implementation of this interface).
 */
export interface TelephonyProvider {
  readonly name: string;
  /** The number practice calls come from. */
  readonly fromNumber: string;
  placeCall(input: PlaceCallInput): Promise<PlaceCallResult>;
  /** Whether a request (webhook or WebSocket handshake) was signed by the provider for this public URL and these form parameters. */
  validSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean;
  /** Read a status callback's form parameters. */
  parseStatusCallback(params: Record<string, string>): StatusUpdate;
}
