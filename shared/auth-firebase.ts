import type { Auth, AuthCredential, AuthProvider, User, UserCredential } from 'firebase/auth';
import type * as FirebaseSdk from './auth-firebase-sdk';
import type { PublicConfig } from './schemas/system';
import { authErrorCode, type AuthServiceBase, type AuthUser, type PendingLink, type SignInOutcome, type SignInProviderId } from './auth';

/**
 * Sign-in for the portal and the widget on the modular Firebase JS SDK (`firebase/auth`). The SDK
 * is imported on demand: the sign-in form shows and takes input while it loads, and every call
 * waits for it. Sessions, token refresh and other tabs are the SDK's (IndexedDB, else
 * localStorage, else memory where a third-party frame may not store).
 */

/** The SDK's functions this module uses (auth-firebase-sdk.ts names them, so the bundle keeps only those). */
type AuthModule = typeof FirebaseSdk;

export interface FirebaseAuthOptions {
  /** The Firebase app's name: each app keeps its own session ('[DEFAULT]' for the portal). */
  appName: string;
  /** Where the links in the verification and reset e-mails lead (absent: Firebase's own page). */
  links?: { afterVerification?: string; afterReset?: string };
  /** 'memory' for tests outside a browser: no storage, no popups. */
  persistence?: 'browser' | 'memory';
  /** How a provider sign-in runs (default: popup, else redirect). Tests outside a browser pass a credential sign-in. */
  signInWithIdp?: (sdk: AuthModule, auth: Auth, provider: AuthProvider) => Promise<UserCredential | null>;
}

export interface FirebaseAuth extends AuthServiceBase<SignInOutcome> {
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Re-authenticates with the current password, then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

/** Popups refused here (a blocker, or a frame or browser without them): the same sign-in by redirect. */
const USE_REDIRECT = new Set(['auth/popup-blocked', 'auth/operation-not-supported-in-environment']);

function toAuthUser(user: User | null): AuthUser | null {
  return user ? { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified } : null;
}

const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a?.uid === b?.uid && a?.email === b?.email && a?.emailVerified === b?.emailVerified;

async function popupElseRedirect(sdk: AuthModule, auth: Auth, provider: AuthProvider): Promise<UserCredential | null> {
  try {
    return await sdk.signInWithPopup(auth, provider, sdk.browserPopupRedirectResolver);
  } catch (err) {
    if (!USE_REDIRECT.has(authErrorCode(err))) throw err;
    await sdk.signInWithRedirect(auth, provider, sdk.browserPopupRedirectResolver);
    return null;
  }
}

/**
 * Whether a redirect sign-in is on its way back: signInWithRedirect marks it in sessionStorage
 * (`firebase:pendingRedirect:<apiKey>:<app>`), and getRedirectResult clears it. Where storage
 * cannot be read, assume one may be.
 */
function redirectPending(): boolean {
  // Outside a browser (Node tests, memory persistence) there is no redirect to come back from.
  if (typeof sessionStorage === 'undefined') return false;
  try {
    for (let i = 0; i < sessionStorage.length; i++) if (sessionStorage.key(i)?.startsWith('firebase:pendingRedirect:')) return true;
    return false;
  } catch {
    return true;
  }
}

export function createFirebaseAuth(config: PublicConfig, options: FirebaseAuthOptions): FirebaseAuth {
  const listeners = new Set<(user: AuthUser | null) => void>();
  let announced: AuthUser | null | undefined;
  let pending: (PendingLink & { credential: AuthCredential }) | null = null;

  const started = start();
  // Until the first call, a failed load is reported by the calls that need the SDK, not as an unhandled rejection.
  started.catch(() => undefined);

  async function start() {
    const sdk = await import('./auth-firebase-sdk');
    const app = sdk.getApps().find((a) => a.name === options.appName) ?? sdk.initializeApp(config.firebase, options.appName);
    // An app started before in this page (a second service for it) shares its Auth: initializeAuth
    // with the options it was started with returns that one.
    const auth =
      options.persistence === 'memory'
        ? sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence })
        : // No popupRedirectResolver here: with one, restoring the session waits for Google's sign-in
          // iframe (api.js) on every page load. The provider sign-ins and getRedirectResult pass it.
          sdk.initializeAuth(app, { persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence] });
    if (config.authEmulatorHost) connectAuthEmulatorOnce(sdk, auth, config.authEmulatorHost);
    await auth.authStateReady();
    // The verification link may have been clicked since the session was stored (here or on another device).
    if (auth.currentUser && !auth.currentUser.emailVerified) await recheck(auth).catch(() => undefined);
    // Token changes include sign-in, sign-out and the refresh after a verification; listeners hear of a change of user only.
    sdk.onIdTokenChanged(auth, (user) => announce(toAuthUser(user)));
    announce(toAuthUser(auth.currentUser));
    // A provider sign-in that came back by redirect (the page was reloaded for it). Asked only when
    // one is pending, so a returning visitor's page does not load the sign-in iframe.
    const redirected = (redirectPending() ? sdk.getRedirectResult(auth, sdk.browserPopupRedirectResolver) : Promise.resolve(null)).catch(
      (err: unknown) => {
        remember(sdk, err);
        throw err;
      },
    );
    redirected.catch(() => undefined);
    return { sdk, auth, redirected };
  }

  function announce(user: AuthUser | null) {
    if (announced !== undefined && sameUser(announced, user)) return;
    announced = user;
    for (const listener of listeners) listener(user);
  }

  /** Asks the provider whether the e-mail is verified now; a new token says so when it is. */
  async function recheck(auth: Auth): Promise<AuthUser | null> {
    const user = auth.currentUser;
    if (!user) return null;
    const wasVerified = user.emailVerified;
    await user.reload();
    if (user.emailVerified && !wasVerified) await user.getIdToken(true);
    return toAuthUser(auth.currentUser);
  }

  /** The account-linking flow: keep the provider's credential until the user signs in to the existing account. */
  function remember(sdk: AuthModule, err: unknown) {
    if (authErrorCode(err) !== 'auth/account-exists-with-different-credential') return;
    const e = err as Parameters<typeof sdk.OAuthProvider.credentialFromError>[0];
    const email = e.customData?.email;
    const providerId = (e.customData as { _tokenResponse?: { providerId?: string } } | undefined)?._tokenResponse?.providerId;
    const credential =
      providerId === 'google.com' ? sdk.GoogleAuthProvider.credentialFromError(e) : sdk.OAuthProvider.credentialFromError(e);
    if (typeof email === 'string' && credential && (providerId === 'google.com' || providerId === 'microsoft.com'))
      pending = { email, providerId, credential };
  }

  /** After a sign-in to the account the waiting provider's e-mail names: link it (Firebase's linkWithCredential). */
  async function linkPending(sdk: AuthModule, auth: Auth): Promise<Pick<SignInOutcome, 'linked' | 'linkError'>> {
    const waiting = pending;
    const user = auth.currentUser;
    if (!waiting || !user || user.email?.toLowerCase() !== waiting.email.toLowerCase()) return {};
    pending = null;
    try {
      await sdk.linkWithCredential(user, waiting.credential);
      // The account's token now names the linked provider (and a verified address if the provider vouches for it).
      await user.getIdToken(true);
      return { linked: waiting.providerId };
    } catch (err) {
      return { linkError: err };
    }
  }

  function providerFor(sdk: AuthModule, providerId: SignInProviderId): AuthProvider {
    const provider = providerId === 'google.com' ? new sdk.GoogleAuthProvider() : new sdk.OAuthProvider('microsoft.com');
    // Let a person with several accounts pick one, rather than being signed in with the last one used.
    provider.setCustomParameters({ prompt: 'select_account' });
    return provider;
  }

  return {
    async signIn(email, password) {
      const { sdk, auth } = await started;
      await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
      const link = await linkPending(sdk, auth);
      return { ...toAuthUser(auth.currentUser)!, ...link };
    },
    async signInWithProvider(providerId) {
      const { sdk, auth } = await started;
      const provider = providerFor(sdk, providerId);
      let result: UserCredential | null;
      try {
        result = await (options.signInWithIdp ?? popupElseRedirect)(sdk, auth, provider);
      } catch (err) {
        remember(sdk, err);
        throw err;
      }
      if (!result) return null;
      // Signed in with the other provider the account already had: the waiting one is linked now.
      const link = pending?.providerId === providerId ? ((pending = null), {}) : await linkPending(sdk, auth);
      return { ...toAuthUser(result.user)!, ...link };
    },
    pendingLink: () => (pending ? { email: pending.email, providerId: pending.providerId } : null),
    cancelPendingLink() {
      pending = null;
    },
    async redirectResult() {
      const { sdk, auth, redirected } = await started;
      const result = await redirected;
      if (!result) return null;
      return { ...toAuthUser(result.user)!, ...(await linkPending(sdk, auth)) };
    },
    async signUp(email, password) {
      const { sdk, auth } = await started;
      const { user } = await sdk.createUserWithEmailAndPassword(auth, email.trim(), password);
      return toAuthUser(user)!;
    },
    async signOut() {
      const { sdk, auth } = await started;
      pending = null;
      await sdk.signOut(auth);
    },
    async getToken(forceRefresh = false) {
      const { auth } = await started;
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
    async reload() {
      const { auth } = await started;
      return recheck(auth);
    },
    async changePassword(currentPassword, newPassword) {
      const { sdk, auth } = await started;
      const user = auth.currentUser;
      if (!user?.email) throw Object.assign(new Error('Sign in again to change your password.'), { code: 'auth/no-current-user' });
      // Proves the current password (and makes the login recent, which the change requires).
      await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, currentPassword));
      await sdk.updatePassword(user, newPassword);
    },
    async sendPasswordReset(email) {
      const { sdk, auth } = await started;
      const url = options.links?.afterReset;
      await sdk.sendPasswordResetEmail(auth, email.trim(), url ? { url } : undefined);
    },
    async sendVerification() {
      const { sdk, auth } = await started;
      const user = auth.currentUser;
      // Only a signed-in, not yet verified user is sent the e-mail.
      if (!user || user.emailVerified) return;
      const url = options.links?.afterVerification;
      await sdk.sendEmailVerification(user, url ? { url } : undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      void started.then(
        ({ auth }) => {
          if (listeners.has(listener)) listener(toAuthUser(auth.currentUser));
        },
        // The SDK could not load (offline, a chunk gone after a redeploy): nobody is signed in here.
        () => {
          if (listeners.has(listener)) listener(null);
        },
      );
      return () => void listeners.delete(listener);
    },
  };
}

/** The emulator once per Auth instance (connecting twice throws; an app may be started again by a test). */
function connectAuthEmulatorOnce(sdk: AuthModule, auth: Auth, host: string) {
  if ((auth as { emulatorConfig?: unknown }).emulatorConfig) return;
  // disableWarnings: the SDK would otherwise put a banner into the page.
  sdk.connectAuthEmulator(auth, `http://${host}`, { disableWarnings: true });
}
