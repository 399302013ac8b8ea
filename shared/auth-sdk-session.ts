import type { StoredSession } from './auth-rest';

/**
 * The session an earlier build of the portal or the widget kept through the Firebase JS SDK, so
 * updating does not sign its users out. The SDK keeps its user under
 * `firebase:authUser:<apiKey>:<appName>`, in IndexedDB (database firebaseLocalStorageDb, store firebaseLocalStorage, `{ fbase_key, value }`)
 * or else in localStorage as JSON.
 */
interface SdkUser {
  uid?: unknown;
  email?: unknown;
  emailVerified?: unknown;
  stsTokenManager?: { refreshToken?: unknown; accessToken?: unknown; expirationTime?: unknown };
}

export function sessionFromSdkUser(user: SdkUser | null | undefined): StoredSession | null {
  const tokens = user?.stsTokenManager;
  if (!user || typeof user.uid !== 'string' || typeof tokens?.refreshToken !== 'string') return null;
  return {
    uid: user.uid,
    email: typeof user.email === 'string' ? user.email : '',
    emailVerified: user.emailVerified === true,
    refreshToken: tokens.refreshToken,
    idToken: typeof tokens.accessToken === 'string' ? tokens.accessToken : '',
    // An unknown expiry counts as expired: the first call refreshes it.
    expiresAt: typeof tokens.expirationTime === 'number' ? tokens.expirationTime : 0,
  };
}

function fromIndexedDb(key: string): Promise<SdkUser | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    // A browser whose IndexedDB never answers (some private modes) must not hold up sign-in.
    setTimeout(() => resolve(null), 1000);
    const open = indexedDB.open('firebaseLocalStorageDb');
    // No such database: abort, so looking does not create one.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const get = db.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').get(key);
        get.onsuccess = () => resolve((get.result as { value?: SdkUser } | undefined)?.value ?? null);
        get.onerror = () => resolve(null);
      } catch {
        resolve(null);
      } finally {
        db.close();
      }
    };
  });
}

export async function readFirebaseSdkSession(apiKey: string, appName: string): Promise<StoredSession | null> {
  const key = `firebase:authUser:${apiKey}:${appName}`;
  const fromDb = sessionFromSdkUser(await fromIndexedDb(key));
  if (fromDb) return fromDb;
  try {
    const text = window.localStorage.getItem(key);
    return text ? sessionFromSdkUser(JSON.parse(text) as SdkUser) : null;
  } catch {
    return null;
  }
}
