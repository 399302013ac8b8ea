import { beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from 'firebase/auth';
import type { PublicConfig } from '@shared/schemas/system';
import { authErrorMessage, isSessionGone, type AuthUser } from '@shared/auth';
import { createRestAuth as createAuth, idTokenClaims, type RestAuthOptions, type StoredSession } from '@shared/auth-rest';
import { sessionFromSdkUser } from '@shared/auth-sdk-session';
import { createTestUser, emulatorHost, uniqueEmail, verifyThroughOobCode } from '../helpers/emulator';
import { TEST_EMULATOR } from '../helpers/emulator-config';
import { freePort } from '../helpers/free-port';

// The apps' sign-in against the real Firebase Auth emulator, which speaks the production REST API.
let config: PublicConfig;
beforeAll(() => {
  config = {
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: process.env.FIREBASE_PROJECT_ID ?? TEST_EMULATOR.projectId },
    authEmulatorHost: emulatorHost(),
  } as PublicConfig;
});

const createRestAuth = (c: PublicConfig, options: Omit<RestAuthOptions, 'name'>) => createAuth(c, { name: 'test', ...options });

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

/** fetch that records the path of every request. */
function recordingFetch() {
  const paths: string[] = [];
  const doFetch: typeof fetch = (input, init) => {
    paths.push(new URL(String(input)).pathname);
    return fetch(input, init);
  };
  return { paths, fetch: doFetch };
}

function nextUser(auth: { subscribe(l: (u: AuthUser | null) => void): () => void }): Promise<AuthUser | null> {
  return new Promise((resolve) => {
    const stop = auth.subscribe((user) => {
      stop();
      resolve(user);
    });
  });
}

async function oobCodes(email: string): Promise<string[]> {
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`);
  const { oobCodes: codes } = (await res.json()) as { oobCodes: { email: string; requestType: string }[] };
  return codes.filter((c) => c.email === email).map((c) => c.requestType);
}

describe('sign-in over Firebase Auth REST', () => {
  it('signs in, remembers the session for the next visit, and signs out', async () => {
    const user = await createTestUser({ verified: true });
    const storage = memoryStorage();
    const auth = createRestAuth(config, { storage });
    expect(await nextUser(auth)).toBeNull();
    await auth.signIn(`  ${user.email} `, user.password);
    expect(await nextUser(auth)).toEqual({ uid: user.uid, email: user.email, emailVerified: true });
    const token = await auth.getToken();
    expect(idTokenClaims(token!)).toMatchObject({ uid: user.uid, email: user.email, emailVerified: true });

    // A new page with the same storage: signed in without a request.
    const { paths, fetch: doFetch } = recordingFetch();
    const again = createRestAuth(config, { storage, fetch: doFetch });
    expect(await nextUser(again)).toEqual({ uid: user.uid, email: user.email, emailVerified: true });
    expect(await again.getToken()).toBe(token);
    expect(paths).toEqual([]);

    await again.signOut();
    expect(storage.items.size).toBe(0);
    expect(await again.getToken()).toBeNull();
    expect(await nextUser(createRestAuth(config, { storage }))).toBeNull();
  });

  it("refuses a wrong password with the provider's message, in the app's wording", async () => {
    const user = await createTestUser({ verified: true });
    const auth = createRestAuth(config, { storage: memoryStorage() });
    const err = await auth.signIn(user.email, 'not-the-password').catch((e: unknown) => e);
    expect(authErrorMessage(err)).toBe('The e-mail address or password is incorrect.');
    expect(await auth.getToken()).toBeNull();
  });

  it('says the service cannot be reached when it is down', async () => {
    const down = { ...config, authEmulatorHost: `127.0.0.1:${await freePort()}` };
    const err = await createRestAuth(down, { storage: memoryStorage() })
      .signIn('someone@example.com', 'secret-pass-1')
      .catch((e: unknown) => e);
    expect(authErrorMessage(err)).toBe('The sign-in service could not be reached. Check your connection and try again.');
  });

  it('getToken(true) asks the provider for a new token though the held one is fresh; a deleted account ends the session', async () => {
    const user = await createTestUser({ verified: true });
    const { paths, fetch: doFetch } = recordingFetch();
    const auth = createRestAuth(config, { storage: memoryStorage(), fetch: doFetch });
    await auth.signIn(user.email, user.password);
    await auth.getToken();
    expect(paths.filter((p) => p.endsWith('/securetoken.googleapis.com/v1/token'))).toHaveLength(0);
    const forced = await auth.getToken(true);
    expect(paths.filter((p) => p.endsWith('/securetoken.googleapis.com/v1/token'))).toHaveLength(1);
    expect(idTokenClaims(forced!).uid).toBe(user.uid);

    // The account is gone (deleted elsewhere): the forced refresh is refused for good and the session dropped.
    const deleted = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=${config.firebase.apiKey}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idToken: forced }),
      },
    );
    expect(deleted.ok).toBe(true);
    const err = await auth.getToken(true).catch((e: unknown) => e);
    expect(isSessionGone(err)).toBe(true);
    expect(await auth.getToken()).toBeNull();
  });

  it('refreshes a token near its expiry once, however many calls ask at the same moment', async () => {
    const user = await createTestUser({ verified: true });
    const storage = memoryStorage();
    let clock = Date.now();
    const { paths, fetch: doFetch } = recordingFetch();
    const auth = createRestAuth(config, { storage, fetch: doFetch, now: () => clock });
    await auth.signIn(user.email, user.password);
    const first = await auth.getToken();
    const heard: (AuthUser | null)[] = [];
    auth.subscribe((u) => heard.push(u));
    await new Promise((r) => setTimeout(r, 0));
    clock += 56 * 60_000; // within five minutes of the hour's expiry
    const tokens = await Promise.all([auth.getToken(), auth.getToken(), auth.getToken()]);
    expect(paths.filter((p) => p.endsWith('/securetoken.googleapis.com/v1/token'))).toHaveLength(1);
    // A new token is not a new user: listeners heard only the first call.
    expect(heard).toEqual([{ uid: user.uid, email: user.email, emailVerified: true }]);
    expect(new Set(tokens).size).toBe(1);
    expect(idTokenClaims(tokens[0]!).uid).toBe(user.uid);
    const stored = JSON.parse([...storage.items.values()][0]!) as StoredSession;
    expect(stored.idToken).toBe(tokens[0]);
    expect(stored.expiresAt).toBeGreaterThan(clock + 55 * 60_000);
    expect(first).toBeTruthy();
  });

  it('signs out when the account is gone, instead of failing every call', async () => {
    const user = await createTestUser({ verified: true });
    let clock = Date.now();
    const auth = createRestAuth(config, { storage: memoryStorage(), now: () => clock });
    await auth.signIn(user.email, user.password);
    const seen: (AuthUser | null)[] = [];
    auth.subscribe((u) => seen.push(u));
    await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken: user.idToken }),
    });
    clock += 2 * 60 * 60_000;
    await expect(auth.getToken()).rejects.toMatchObject({ code: expect.stringMatching(/^auth\/(user-token-expired|invalid-user-token)$/) });
    expect(seen.at(-1)).toBeNull();
    expect(await auth.getToken()).toBeNull();
  });

  it('sends the verification e-mail, and sees the verification made elsewhere on reload', async () => {
    const user = await createTestUser();
    const auth = createRestAuth(config, { storage: memoryStorage() });
    await auth.signIn(user.email, user.password);
    expect(await nextUser(auth)).toMatchObject({ emailVerified: false });
    await auth.sendVerification();
    expect(await oobCodes(user.email)).toContain('VERIFY_EMAIL');

    expect(await auth.reload()).toMatchObject({ emailVerified: false });
    await verifyThroughOobCode(user.email);
    expect(await auth.reload()).toEqual({ uid: user.uid, email: user.email, emailVerified: true });
    expect(idTokenClaims((await auth.getToken())!).emailVerified).toBe(true);
  });

  it('sends the password-reset e-mail', async () => {
    const user = await createTestUser({ verified: true });
    await createRestAuth(config, { storage: memoryStorage() }).sendPasswordReset(` ${user.email}`);
    expect(await oobCodes(user.email)).toContain('PASSWORD_RESET');
  });

  it('keeps the session in memory when the browser refuses storage', async () => {
    const user = await createTestUser({ verified: true });
    const refusing: RestAuthOptions['storage'] = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const auth = createRestAuth(config, { storage: refusing });
    await auth.signIn(user.email, user.password);
    expect(idTokenClaims((await auth.getToken())!).uid).toBe(user.uid);
  });

  it('takes over the session an earlier widget kept through the Firebase SDK, once', async () => {
    const user = await createTestUser({ verified: true });
    // The SDK's own persisted form of a signed-in user (what it writes to IndexedDB / localStorage).
    const app = initializeApp(config.firebase, `legacy-${uniqueEmail()}`);
    const sdkAuth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(sdkAuth, `http://${emulatorHost()}`, { disableWarnings: true });
    const credential = await signInWithEmailAndPassword(sdkAuth, user.email, user.password);
    const legacy = sessionFromSdkUser(credential.user.toJSON() as Parameters<typeof sessionFromSdkUser>[0]);
    await deleteApp(app);
    expect(legacy).toMatchObject({ uid: user.uid, email: user.email, emailVerified: true });

    const storage = memoryStorage();
    let lookups = 0;
    const legacySession = () => {
      lookups += 1;
      return Promise.resolve(legacy);
    };
    const auth = createRestAuth(config, { storage, legacySession });
    expect(await nextUser(auth)).toEqual({ uid: user.uid, email: user.email, emailVerified: true });
    expect(idTokenClaims((await auth.getToken())!).uid).toBe(user.uid);

    await auth.signOut();
    // Signed out stays signed out: the old session is not taken over a second time.
    expect(await nextUser(createRestAuth(config, { storage, legacySession }))).toBeNull();
    expect(lookups).toBe(1);
  });

  it('signs up a new account, signed in and not yet verified, and refuses the same e-mail twice', async () => {
    const email = uniqueEmail('signup');
    const auth = createRestAuth(config, { storage: memoryStorage() });
    const created = await auth.signUp(` ${email}`, 'secret-pass-1');
    expect(created).toMatchObject({ email, emailVerified: false });
    expect(idTokenClaims((await auth.getToken())!).uid).toBe(created.uid);
    const again = await createRestAuth(config, { storage: memoryStorage() })
      .signUp(email, 'secret-pass-1')
      .catch((e: unknown) => e);
    expect(authErrorMessage(again)).toBe('An account with this e-mail address already exists.');
  });

  it('changes the password only with the current one, and stays signed in', async () => {
    const user = await createTestUser({ verified: true });
    const auth = createRestAuth(config, { storage: memoryStorage() });
    await auth.signIn(user.email, user.password);
    const wrong = await auth.changePassword('not-the-password', 'new-secret-2').catch((e: unknown) => e);
    expect(authErrorMessage(wrong)).toBe('The e-mail address or password is incorrect.');

    await auth.changePassword(user.password, 'new-secret-2');
    expect(idTokenClaims((await auth.getToken())!).uid).toBe(user.uid);
    const fresh = createRestAuth(config, { storage: memoryStorage() });
    expect(await fresh.signIn(user.email, 'new-secret-2')).toMatchObject({ uid: user.uid });
    await expect(fresh.signIn(user.email, user.password)).rejects.toMatchObject({ code: expect.stringMatching(/^auth\//) });
  });

  it('sends e-mail links that lead back to the app', async () => {
    const user = await createTestUser();
    const links = { afterVerification: 'http://portal.test/icebreak', afterReset: 'http://portal.test/auth' };
    const auth = createRestAuth(config, { storage: memoryStorage(), links });
    await auth.signIn(user.email, user.password);
    await auth.sendVerification();
    await auth.sendPasswordReset(user.email);
    const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`);
    const { oobCodes: codes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
    const link = (type: string) => new URL(codes.find((c) => c.email === user.email && c.requestType === type)!.oobLink);
    expect(link('VERIFY_EMAIL').searchParams.get('continueUrl')).toBe(links.afterVerification);
    expect(link('PASSWORD_RESET').searchParams.get('continueUrl')).toBe(links.afterReset);
  });

  it('on a new visit, sees that a stored unverified session has been verified since', async () => {
    const user = await createTestUser();
    const storage = memoryStorage();
    await createRestAuth(config, { storage }).signIn(user.email, user.password);
    await createRestAuth(config, { storage }).sendVerification();
    await verifyThroughOobCode(user.email);
    const returning = createRestAuth(config, { storage });
    expect(await nextUser(returning)).toEqual({ uid: user.uid, email: user.email, emailVerified: true });
    expect(idTokenClaims((await returning.getToken())!).emailVerified).toBe(true);
  });

  it('counts anything else under its storage key as signed out', async () => {
    for (const stored of ['not json', '{"uid":1}', 'null', '{"uid":"u1","refreshToken":"r"}']) {
      const storage = memoryStorage();
      storage.setItem(`icebreak:test:session:${config.firebase.apiKey}`, stored);
      const auth = createRestAuth(config, { storage });
      expect(await nextUser(auth)).toBeNull();
      expect(await auth.getToken()).toBeNull();
    }
  });
});
