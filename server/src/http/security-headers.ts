import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Browser features off for the page and anything it embeds, but the microphone for our own pages
 * (browser practice listens through the Web Speech API). Helmet sets no Permissions-Policy of its own.
 */
export const PERMISSIONS_POLICY = 'camera=(), geolocation=(), microphone=(self), payment=(), usb=()';

/** Helmet's headers with the app's Content-Security-Policy, plus the Permissions-Policy. */
export function securityHeaders(config: Pick<Config, 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_AUTH_DOMAIN'>): RequestHandler[] {
  const emulatorOrigin = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  // Provider sign-in (Google, Microsoft): the Firebase SDK loads Google's iframe helper (gapi) and frames the auth domain's
  // (or the emulator's) helper page, which relays the popup's or the redirect's result.
  const authFrames = [...(config.FIREBASE_AUTH_DOMAIN ? [`https://${config.FIREBASE_AUTH_DOMAIN}`] : []), ...emulatorOrigin];
  return [
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", 'https://apis.google.com'],
          'frame-src': ["'self'", ...authFrames],
          // Fluent UI (Griffel) injects style elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulatorOrigin],
          'frame-ancestors': ["'none'"],
          // Off: it would turn the local Auth emulator's http:// calls into failing https:// ones.
          'upgrade-insecure-requests': null,
        },
      },
      // The provider's sign-in popup reports back to this page (window.opener): same-origin would sever it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
  ];
}

/** An answer to a request that carries credentials is the caller's own: no cache, shared or private, keeps it. */
export const noStoreWhenAuthenticated: RequestHandler = (req, res, next) => {
  if (req.headers.authorization !== undefined) res.setHeader('Cache-Control', 'no-store');
  next();
};
