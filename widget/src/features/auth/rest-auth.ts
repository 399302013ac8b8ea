import type { PublicConfig } from '@shared/schemas/system';
import type { AuthService, AuthUser } from './auth-service';
import { readFirebaseSdkSession } from './firebase-sdk-session';

/**
 * Firebase e-mail/password sign-in over Firebase Auth's documented REST API
 * (https://firebase.google.com/docs/reference/rest/auth): the widget needs five calls, and the
 * Firebase JS SDK would add ~28 KB gzip to every lead view only to restore a session.
 * The session (refresh token, last ID token) is kept in localStorage, or in memory when the
 * browser refuses storage to a third-party frame; other tabs of the widget follow through
 * `storage` events. Errors carry Firebase's `auth/…` codes, so authErrorMessage reads them.
 */

/** What is remembered between visits. */
export interface StoredSession {
  uid: string;
  email: string;
  emailVerified: boolean;
  refreshToken: string;
  idToken: string;
  /** ms since epoch when idToken expires. */
  expiresAt: number;
}

export interface RestAuthOptions {
  /** Where the session is kept (window.localStorage in the browser; absent or throwing: memory only). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetch?: typeof fetch;
  now?: () => number;
  /** Subscribes to changes another tab makes to the stored session. */
  onStorageChange?: (listener: (key: string | null) => void) => void;
  /** A session the Firebase SDK kept before this client existed (read once, when none is stored). */
  legacySession?: () => Promise<StoredSession | null>;
}

/** A token this close to expiry is refreshed first, so the server never sees an expired one. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** Server messages of the REST API → the SDK's error codes (the first word: some add ' : detail'). */
const REST_ERROR_CODES: Record<string, string> = {
  INVALID_LOGIN_CREDENTIALS: 'auth/invalid-credential',
  INVALID_PASSWORD: 'auth/wrong-password',
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  INVALID_EMAIL: 'auth/invalid-email',
  USER_DISABLED: 'auth/user-disabled',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  TOKEN_EXPIRED: 'auth/user-token-expired',
  USER_NOT_FOUND: 'auth/user-token-expired',
  INVALID_REFRESH_TOKEN: 'auth/invalid-user-token',
  INVALID_ID_TOKEN: 'auth/invalid-user-token',
};
/** Answers after which the stored session can never work again: the user must sign in. */
const SESSION_GONE = new Set(['auth/user-token-expired', 'auth/invalid-user-token', 'auth/user-disabled']);

export class AuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export function restEndpoints(config: Pick<PublicConfig, 'authEmulatorHost'>) {
  // The emulator serves both APIs under its own host, prefixed with the production host name.
  const origin = (host: string) => (config.authEmulatorHost ? `http://${config.authEmulatorHost}/${host}` : `https://${host}`);
  return {
    identityToolkit: `${origin('identitytoolkit.googleapis.com')}/v1`,
    secureToken: `${origin('securetoken.googleapis.com')}/v1`,
  };
}

/** The claims of a Firebase ID token the widget reads (its signature is the server's to check). */
export function idTokenClaims(idToken: string): { uid: string; email: string; emailVerified: boolean; exp: number } {
  const payload = idToken.split('.')[1];
  if (!payload) throw new AuthError('auth/invalid-user-token', 'The sign-in service sent an unreadable token.');
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
  const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  return {
    uid: String(claims.user_id ?? claims.sub ?? ''),
    email: typeof claims.email === 'string' ? claims.email : '',
    emailVerified: claims.email_verified === true,
    exp: typeof claims.exp === 'number' ? claims.exp : 0,
  };
}

const LEGACY_LOOKED_FOR = 'icebreak-widget:firebase-sdk-session-read';

function storageKey(config: PublicConfig) {
  return `icebreak-widget:session:${config.firebase.apiKey}`;
}

export function createRestAuth(config: PublicConfig, options: RestAuthOptions = {}): AuthService {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const endpoints = restEndpoints(config);
  const key = storageKey(config);
  const query = `?key=${encodeURIComponent(config.firebase.apiKey)}`;
  const listeners = new Set<(user: AuthUser | null) => void>();

  let session: StoredSession | null = read();
  // Until a legacy session has been looked for (once per browser), callers wait.
  const ready: Promise<void> =
    session || !options.legacySession || legacyLookedFor() ? Promise.resolve() : adoptLegacy(options.legacySession);
  let refreshing: Promise<string> | null = null;

  function read(): StoredSession | null {
    try {
      const text = options.storage?.getItem(key);
      return text ? (JSON.parse(text) as StoredSession) : null;
    } catch {
      return null;
    }
  }

  function save(next: StoredSession | null) {
    session = next;
    try {
      if (next) options.storage?.setItem(key, JSON.stringify(next));
      else options.storage?.removeItem(key);
    } catch {
      // Storage refused (a third-party frame): the session lasts as long as this page.
    }
    const user = current();
    for (const listener of listeners) listener(user);
  }

  function legacyLookedFor(): boolean {
    try {
      return options.storage?.getItem(LEGACY_LOOKED_FOR) === '1';
    } catch {
      return false;
    }
  }

  /** Once: a session the Firebase SDK kept is taken over, so an update does not sign anyone out (nor back in after signing out). */
  async function adoptLegacy(load: () => Promise<StoredSession | null>) {
    const legacy = await load().catch(() => null);
    if (legacy && !session) save(legacy);
    try {
      options.storage?.setItem(LEGACY_LOOKED_FOR, '1');
    } catch {
      // Without storage the lookup simply happens again next visit.
    }
  }

  function current(): AuthUser | null {
    return session ? { uid: session.uid, email: session.email, emailVerified: session.emailVerified } : null;
  }

  async function call<T>(url: string, body: BodyInit, contentType: string): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
    } catch {
      throw new AuthError('auth/network-request-failed', 'The sign-in service could not be reached.');
    }
    const json = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!res.ok) {
      const message = json.error?.message ?? `HTTP ${res.status}`;
      const code = REST_ERROR_CODES[message.split(/[\s:]/)[0]!] ?? 'auth/internal-error';
      throw new AuthError(code, `Firebase: ${message} (${code}).`);
    }
    return json;
  }

  const identityToolkit = <T>(method: string, body: unknown) =>
    call<T>(`${endpoints.identityToolkit}/accounts:${method}${query}`, JSON.stringify(body), 'application/json');

  function fromTokens(idToken: string, refreshToken: string, expiresInSeconds: string | number): StoredSession {
    const claims = idTokenClaims(idToken);
    return {
      uid: claims.uid,
      email: claims.email,
      emailVerified: claims.emailVerified,
      refreshToken,
      idToken,
      expiresAt: now() + Number(expiresInSeconds) * 1000,
    };
  }

  /** A new ID token from the refresh token; one request however many callers ask at once. */
  function refresh(): Promise<string> {
    const held = session;
    if (!held) return Promise.reject(new AuthError('auth/no-current-user', 'Not signed in.'));
    refreshing ??= call<{ id_token: string; refresh_token: string; expires_in: string }>(
      `${endpoints.secureToken}/token${query}`,
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: held.refreshToken }).toString(),
      'application/x-www-form-urlencoded',
    )
      .then(
        (r) => {
          // Signed out (or in as someone else) while this was under way: keep the newer state.
          if (session?.refreshToken === held.refreshToken) save(fromTokens(r.id_token, r.refresh_token, r.expires_in));
          return r.id_token;
        },
        (err: unknown) => {
          if (err instanceof AuthError && SESSION_GONE.has(err.code) && session?.refreshToken === held.refreshToken) save(null);
          throw err;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function getToken(): Promise<string | null> {
    await ready;
    if (!session) return null;
    if (session.expiresAt - REFRESH_MARGIN_MS > now()) return session.idToken;
    return refresh();
  }

  options.onStorageChange?.((changed) => {
    if (changed !== null && changed !== key) return;
    session = read();
    const user = current();
    for (const listener of listeners) listener(user);
  });

  return {
    async signIn(email, password) {
      const r = await identityToolkit<{ idToken: string; refreshToken: string; expiresIn: string }>('signInWithPassword', {
        email: email.trim(),
        password,
        returnSecureToken: true,
      });
      save(fromTokens(r.idToken, r.refreshToken, r.expiresIn));
    },
    async signOut() {
      await ready;
      save(null);
    },
    getToken,
    async reload() {
      await ready;
      if (!session) return null;
      const { users } = await identityToolkit<{ users?: { emailVerified?: boolean }[] }>('lookup', { idToken: await getToken() });
      // Verified since the token was minted (the link was clicked elsewhere): a new token says so.
      if (users?.[0]?.emailVerified && !session.emailVerified) await refresh();
      return current();
    },
    async sendPasswordReset(email) {
      await identityToolkit('sendOobCode', { requestType: 'PASSWORD_RESET', email: email.trim() });
    },
    async sendVerification() {
      await ready;
      // Only a signed-in, not yet verified user is sent the e-mail.
      if (!session || session.emailVerified) return;
      await identityToolkit('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: await getToken() });
    },
    subscribe(listener) {
      listeners.add(listener);
      void ready.then(() => {
        if (listeners.has(listener)) listener(current());
      });
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's storage for the session, or null where a third-party frame may not use it. */
function browserStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem('icebreak-widget:probe');
    return storage;
  } catch {
    return null;
  }
}

/** The widget's AuthService in the browser. */
export function createBrowserAuth(config: PublicConfig): AuthService {
  return createRestAuth(config, {
    storage: browserStorage(),
    onStorageChange: (listener) => window.addEventListener('storage', (e) => listener(e.key)),
    legacySession: () => readFirebaseSdkSession(config.firebase.apiKey, 'icebreak-widget'),
  });
}
