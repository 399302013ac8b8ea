import type { PublicConfig } from './schemas/system';
import { SESSION_GONE_CODES, type AuthServiceBase, type AuthUser } from './auth';
import { readFirebaseSdkSession } from './auth-sdk-session';

/**
 * Firebase e-mail/password accounts over Firebase Auth's documented REST API
 * (https://firebase.google.com/docs/reference/rest/auth), for the portal and the widget. The
 * Firebase JS SDK cost ~28 KB gzip and, on every page load, a lookup round trip before it said who
 * is signed in; here a returning user is known from storage at once. The session (refresh token,
 * last ID token) is kept in localStorage, or in memory when the browser refuses storage to a
 * third-party frame; other tabs follow through `storage` events. Errors carry Firebase's `auth/…`
 * codes, so authErrorMessage words them as before.
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
  /** Which app's session this is (its storage key). */
  name: string;
  /** Where the session is kept (window.localStorage in the browser; absent or throwing: memory only). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetch?: typeof fetch;
  now?: () => number;
  /** Subscribes to changes another tab makes to the stored session. */
  onStorageChange?: (listener: (key: string | null) => void) => void;
  /** A session the Firebase SDK kept before this client existed (looked for once per browser). */
  legacySession?: () => Promise<StoredSession | null>;
  /** Where the links in the verification and reset e-mails lead (absent: Firebase's own page). */
  links?: { afterVerification?: string; afterReset?: string };
}

export interface RestAuth extends AuthServiceBase<AuthUser> {
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Re-authenticates with the current password, then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

/** A token this close to expiry is refreshed first, so the server never sees an expired one. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** Server messages of the REST API → the SDK's error codes (the first word: some add ' : detail'). */
const REST_ERROR_CODES: Record<string, string> = {
  INVALID_LOGIN_CREDENTIALS: 'auth/invalid-credential',
  INVALID_PASSWORD: 'auth/wrong-password',
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  EMAIL_EXISTS: 'auth/email-already-in-use',
  INVALID_EMAIL: 'auth/invalid-email',
  WEAK_PASSWORD: 'auth/weak-password',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'auth/password-does-not-meet-requirements',
  USER_DISABLED: 'auth/user-disabled',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'auth/requires-recent-login',
  TOKEN_EXPIRED: 'auth/user-token-expired',
  USER_NOT_FOUND: 'auth/user-token-expired',
  INVALID_REFRESH_TOKEN: 'auth/invalid-user-token',
  INVALID_ID_TOKEN: 'auth/invalid-user-token',
};

class AuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

function restEndpoints(config: Pick<PublicConfig, 'authEmulatorHost'>) {
  // The emulator serves both APIs under its own host, prefixed with the production host name.
  const origin = (host: string) => (config.authEmulatorHost ? `http://${config.authEmulatorHost}/${host}` : `https://${host}`);
  return {
    identityToolkit: `${origin('identitytoolkit.googleapis.com')}/v1`,
    secureToken: `${origin('securetoken.googleapis.com')}/v1`,
  };
}

/** The claims of a Firebase ID token the apps read (its signature is the server's to check). */
export function idTokenClaims(idToken: string): { uid: string; email: string; emailVerified: boolean } {
  const payload = idToken.split('.')[1];
  if (!payload) throw new AuthError('auth/invalid-user-token', 'The sign-in service sent an unreadable token.');
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
  return {
    uid: String(claims.user_id ?? claims.sub ?? ''),
    email: typeof claims.email === 'string' ? claims.email : '',
    emailVerified: claims.email_verified === true,
  };
}

export function createRestAuth(config: PublicConfig, options: RestAuthOptions): RestAuth {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const endpoints = restEndpoints(config);
  const key = `icebreak:${options.name}:session:${config.firebase.apiKey}`;
  const legacyLookedForKey = `icebreak:${options.name}:firebase-sdk-session-read`;
  const query = `?key=${encodeURIComponent(config.firebase.apiKey)}`;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let refreshing: Promise<string> | null = null;
  let session: StoredSession | null = read(key);

  function readText(name: string): string | null {
    try {
      return options.storage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  }

  /** The stored session; anything else under the key (edited, an older shape) counts as none. */
  function read(name: string): StoredSession | null {
    try {
      const value = JSON.parse(readText(name) ?? 'null') as Partial<StoredSession> | null;
      const ok =
        typeof value?.uid === 'string' &&
        typeof value.refreshToken === 'string' &&
        typeof value.idToken === 'string' &&
        typeof value.expiresAt === 'number';
      return ok ? ({ email: '', emailVerified: false, ...value } as StoredSession) : null;
    } catch {
      return null;
    }
  }

  function write(name: string, value: string | null) {
    try {
      if (value === null) options.storage?.removeItem(name);
      else options.storage?.setItem(name, value);
    } catch {
      // Storage refused (a third-party frame): the session lasts as long as this page.
    }
  }

  function current(): AuthUser | null {
    return session ? { uid: session.uid, email: session.email, emailVerified: session.emailVerified } : null;
  }

  /** Listeners hear of a change of user (signed in or out, verified), not of every new token. */
  function replaceSession(next: StoredSession | null) {
    const before = current();
    session = next;
    const user = current();
    if (before?.uid === user?.uid && before?.email === user?.email && before?.emailVerified === user?.emailVerified) return;
    for (const listener of listeners) listener(user);
  }

  function save(next: StoredSession | null) {
    write(key, next && JSON.stringify(next));
    replaceSession(next);
  }

  async function start() {
    const load = options.legacySession;
    if (!session && load && readText(legacyLookedForKey) === null) {
      // Once: a session the Firebase SDK kept is taken over, so an update signs no one out (nor back in after signing out).
      const legacy = await load().catch(() => null);
      if (legacy && !session) save(legacy);
      write(legacyLookedForKey, '1');
    }
    // The verification link may have been clicked since (on this device or another).
    if (session && !session.emailVerified) await recheck().catch(() => undefined);
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

  type Tokens = { idToken: string; refreshToken: string; expiresIn: string };

  function fromTokens(r: Tokens): StoredSession {
    const claims = idTokenClaims(r.idToken);
    return {
      uid: claims.uid,
      email: claims.email,
      emailVerified: claims.emailVerified,
      refreshToken: r.refreshToken,
      idToken: r.idToken,
      expiresAt: now() + Number(r.expiresIn) * 1000,
    };
  }

  function signedInWith(r: Tokens): AuthUser {
    save(fromTokens(r));
    return current()!;
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
          if (session?.refreshToken === held.refreshToken)
            save(fromTokens({ idToken: r.id_token, refreshToken: r.refresh_token, expiresIn: r.expires_in }));
          return r.id_token;
        },
        (err: unknown) => {
          if (err instanceof AuthError && SESSION_GONE_CODES.has(err.code) && session?.refreshToken === held.refreshToken) save(null);
          throw err;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function tokenNow(): Promise<string | null> {
    if (!session) return null;
    if (session.expiresAt - REFRESH_MARGIN_MS > now()) return session.idToken;
    return refresh();
  }

  /** Asks the provider whether the e-mail is verified now; a new token says so when it is. */
  async function recheck(): Promise<AuthUser | null> {
    const idToken = await tokenNow();
    if (!idToken) return null;
    const { users } = await identityToolkit<{ users?: { emailVerified?: boolean }[] }>('lookup', { idToken });
    if (users?.[0]?.emailVerified && session && !session.emailVerified) await refresh();
    return current();
  }

  // Callers wait until the session is known: a legacy one looked for, an unverified one rechecked.
  const ready = start();

  options.onStorageChange?.((changed) => {
    if (changed === null || changed === key) replaceSession(read(key));
  });

  return {
    async signIn(email, password) {
      return signedInWith(await identityToolkit<Tokens>('signInWithPassword', { email: email.trim(), password, returnSecureToken: true }));
    },
    async signUp(email, password) {
      return signedInWith(await identityToolkit<Tokens>('signUp', { email: email.trim(), password, returnSecureToken: true }));
    },
    async signOut() {
      await ready;
      save(null);
    },
    async getToken(forceRefresh = false) {
      await ready;
      if (forceRefresh && session) return refresh();
      return tokenNow();
    },
    async reload() {
      await ready;
      return recheck();
    },
    async changePassword(currentPassword, newPassword) {
      await ready;
      if (!session) throw new AuthError('auth/no-current-user', 'Sign in again to change your password.');
      // Proves the current password (and makes the login recent, which the change requires).
      await identityToolkit<Tokens>('signInWithPassword', {
        email: session.email,
        password: currentPassword,
        returnSecureToken: true,
      }).then(signedInWith);
      const tokens = await identityToolkit<Tokens>('update', { idToken: session.idToken, password: newPassword, returnSecureToken: true });
      // A password change revokes the older tokens: keep the new ones.
      signedInWith(tokens);
    },
    async sendPasswordReset(email) {
      const continueUrl = options.links?.afterReset;
      await identityToolkit('sendOobCode', { requestType: 'PASSWORD_RESET', email: email.trim(), ...(continueUrl && { continueUrl }) });
    },
    async sendVerification() {
      await ready;
      // Only a signed-in, not yet verified user is sent the e-mail.
      const idToken = session && !session.emailVerified ? await tokenNow() : null;
      if (!idToken) return;
      const continueUrl = options.links?.afterVerification;
      await identityToolkit('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken, ...(continueUrl && { continueUrl }) });
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
    storage.getItem('icebreak:probe');
    return storage;
  } catch {
    return null;
  }
}

/**
 * The app's sign-in in the browser. `sdkAppName` names the Firebase app an earlier build kept its
 * session under ('[DEFAULT]' for the portal), so updating signs no one out.
 */
export function createBrowserAuth(
  config: PublicConfig,
  options: Pick<RestAuthOptions, 'name' | 'links'> & { sdkAppName: string },
): RestAuth {
  return createRestAuth(config, {
    name: options.name,
    links: options.links,
    storage: browserStorage(),
    onStorageChange: (listener) => window.addEventListener('storage', (e) => listener(e.key)),
    legacySession: () => readFirebaseSdkSession(config.firebase.apiKey, options.sdkAppName),
  });
}
