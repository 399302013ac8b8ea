import twilio from 'twilio';
import { CALL_STATUSES, type CallStatus } from '@shared/schemas/calls';
import type { Config } from '../../config';
import type { PlaceCallInput, PlaceCallResult, StatusUpdate, TelephonyProvider } from './telephony-provider';

/** Call progress events we want at the status callback (Twilio's names). */
export const STATUS_CALLBACK_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

/**
 * twilio-node's HTTP client with Twilio's API hosts (api.twilio.com and its edge/region variants)
 * replaced by TWILIO_API_BASE: tests and local runs point the real SDK at a stand-in.
 */
type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

function baseUrlRequestClient(base: string): twilio.RequestClient {
  const target = new URL(base);
  const prefix = target.pathname.replace(/\/+$/, '');
  class BaseUrlRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestOptions<TData>) {
      const uri = new URL(opts.uri);
      if (uri.hostname === 'twilio.com' || uri.hostname.endsWith('.twilio.com')) {
        opts = { ...opts, uri: `${target.origin}${prefix}${uri.pathname}${uri.search}` };
      }
      return super.request<TData>(opts);
    }
  }
  return new BaseUrlRequestClient({ timeout: 15_000 });
}

/** ConversationRelay TwiML: connect the answered call to our relay, our call id as a custom parameter. */
export function relayTwiml(input: Pick<PlaceCallInput, 'callId' | 'relayUrl' | 'hints'>): string {
  const response = new twilio.twiml.VoiceResponse();
  const relay = response.connect().conversationRelay({
    url: input.relayUrl,
    language: 'en-US',
    // The rep may barge in on the prospect, as on a real call; we then get an `interrupt` message.
    interruptible: 'any',
    dtmfDetection: true,
    ...(input.hints?.length ? { hints: input.hints.join(', ') } : {}),
  });
  relay.parameter({ name: 'callId', value: input.callId });
  return response.toString();
}

function isCallStatus(value: string | undefined): value is CallStatus {
  return (CALL_STATUSES as readonly string[]).includes(value ?? '');
}

interface TwilioRestError {
  status?: number;
  code?: number;
  message?: string;
}

export function createTwilioProvider(
  config: Pick<Config, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM_NUMBER' | 'TWILIO_API_BASE'>,
): TelephonyProvider | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber } = config;
  if (!accountSid || !authToken || !fromNumber) return null;
  const client = twilio(accountSid, authToken, {
    ...(config.TWILIO_API_BASE ? { httpClient: baseUrlRequestClient(config.TWILIO_API_BASE) } : {}),
  });

  return {
    name: 'twilio',
    fromNumber,

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      try {
        const call = await client.calls.create({
          to: input.to,
          from: fromNumber,
          twiml: relayTwiml(input),
          statusCallback: input.statusCallbackUrl,
          statusCallbackMethod: 'POST',
          statusCallbackEvent: STATUS_CALLBACK_EVENTS,
        });
        return { ok: true, providerCallId: call.sid, status: isCallStatus(call.status) ? call.status : 'queued' };
      } catch (err) {
        const e = err as TwilioRestError;
        // A RestException carries Twilio's HTTP status and its own error code and message.
        if (err instanceof twilio.RestException || typeof e.status === 'number') {
          const code = e.code ? ` (Twilio error ${e.code})` : '';
          return { ok: false, kind: 'refused', reason: `${e.message ?? 'refused'}${code}` };
        }
        return { ok: false, kind: 'unreachable', reason: err instanceof Error ? err.message : String(err) };
      }
    },

    validSignature(signature, url, params) {
      if (!signature) return false;
      return twilio.validateRequest(authToken, signature, url, params);
    },

    parseStatusCallback(params): StatusUpdate {
      // Twilio reports the `initiated` event with CallStatus `initiated` on some call legs: that is still queued.
      const raw = params.CallStatus === 'initiated' ? 'queued' : params.CallStatus;
      const status = isCallStatus(raw) ? raw : null;
      const code = params.ErrorCode;
      const errorMessage = params.ErrorMessage ?? (code ? `Twilio error ${code}` : null);
      return { providerCallId: params.CallSid ?? null, status, errorMessage: errorMessage || null };
    },
  };
}
