import type { CallsFeatureDeps } from './calls-deps';
import { createCallsRealtime } from './calls-realtime';
import { createCallsRouters } from './calls-routes';
import { createCallsService } from './calls-service';
import { createTwilioProvider } from './twilio-provider';

/** Practice calls: the HTTP routes, Twilio's status webhook and the two WebSockets, sharing one service. */
export function createCallsFeature(ctx: CallsFeatureDeps) {
  const provider = createTwilioProvider(ctx.config);
  if (provider && !/^https:/.test(ctx.config.PUBLIC_URL) && ctx.config.NODE_ENV === 'production') {
    ctx.logger.warn({ publicUrl: ctx.config.PUBLIC_URL }, 'PUBLIC_URL is not https: Twilio only connects ConversationRelay to wss:// URLs');
  }
  const calls = createCallsService(ctx, ctx.practice, provider);
  return { ...createCallsRouters(ctx, calls), realtime: createCallsRealtime(ctx, calls) };
}
