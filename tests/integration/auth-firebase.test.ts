/**
 * The apps' sign-in (shared/auth-firebase.ts, the Firebase JS SDK) against the real Auth emulator.
 * Outside a browser there is no popup: a provider sign-in is a credential sign-in with the fake
 * ID token the emulator accepts (its own provider page makes the same kind), which is what the
 * popup hands the SDK. The popup and the redirect themselves are tested in Chromium (tests/e2e).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GoogleAuthProvider, OAuthProvider, signInWithCredential } from 'firebase/auth';
import type { PublicConfig } from '@shared/schemas/system';
import { authErrorCode, authErrorMessage, type AuthUser, type SignInProviderId } from '@shared/auth';
import { createFirebaseAuth, type FirebaseAuthOptions } from '@shared/auth-firebase';
import { createTestUser, emulatorHost, uniqueEmail, verifyThroughOobCode } from '../helpers/emulator';
import { TEST_EMULATOR } from '../helpers/emulator-config';

let config: PublicConfig;
beforeAll(() => {
  config = {
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: process.env.FIREBASE_PROJECT_ID ?? TEST_EMULATOR.projectId },
    authEmulatorHost: emulatorHost(),
  } as PublicConfig;
});

/** What the provider's page says about the person (the emulator takes the claims as the provider's ID token). */
interface FakeIdp {
  email: string;
  emailVerified: boolean;
  sub?: string;
}

/** A service of its own (a Firebase app per instance: a fresh page), whose provider sign-in hands the SDK `idp`'s token. */
function createAuth(options: Partial<FirebaseAuthOptions> & { idp?: () => FakeIdp } = {}) {
  const { idp, ...rest } = options;
  return createFirebaseAuth(config, {
    appName: `test-${randomUUID()}`,
    persistence: 'memory',
    signInWithIdp: async (_sdk, auth, provider) => {
      const who = idp!();
      const claims = JSON.stringify({ sub: who.sub ?? randomUUID(), email: who.email, email_verified: who.emailVerified, name: 'Pat' });
      const credential =
        provider.providerId === 'google.com'
          ? GoogleAuthProvider.credential(claims)
          : new OAuthProvider(provider.providerId).credential({ idToken: claims });
      return signInWithCredential(auth, credential);
    },
    ...rest,
  });
}

function nextUser(auth: { subscribe(l: (u: AuthUser | null) => void): () => void }): Promise<AuthUser | null> {
  return new Promise((resolve) => {
    const stop = auth.subscribe((user) => {
      stop();
      resolve(user);
    });
  });
}

function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

async function oobLinks(email: string): Promise<{ requestType: string; oobLink: string }[]> {
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  return oobCodes.filter((c) => c.email === email);
}

describe('sign-in with the Firebase SDK', () => {
  it('says who is signed in (nobody at first), signs in with a password, hands out its ID token, and signs out', async () => {
    const user = await createTestUser({ verified: true });
    const auth = createAuth();
    expect(await nextUser(auth)).toBeNull();
    expect(await auth.getToken()).toBeNull();

    const signedIn = await auth.signIn(` ${user.email}`, user.password);
    expect(signedIn).toEqual({ uid: user.uid, email: user.email, emailVerified: true });
    const token = await auth.getToken();
    expect(claimsOf(token!)).toMatchObject({ user_id: user.uid, email: user.email, email_verified: true });

    await auth.signOut();
    expect(await nextUser(auth)).toBeNull();
    expect(await auth.getToken()).toBeNull();
  });

  it("refuses a wrong password with the provider's code, in the app's wording", async () => {
    const user = await createTestUser({ verified: true });
    const err = await createAuth()
      .signIn(user.email, 'wrong-password')
      .catch((e: unknown) => e);
    // The emulator names the wrong password; production (e-mail enumeration protection) says invalid-credential: one text for both.
    expect(['auth/wrong-password', 'auth/invalid-credential']).toContain(authErrorCode(err));
    expect(authErrorMessage(err)).toBe('The e-mail address or password is incorrect.');
  });

  it('getToken(true) asks the provider for a new token though the held one is fresh', async () => {
    const user = await createTestUser({ verified: true });
    const auth = createAuth();
    await auth.signIn(user.email, user.password);
    const first = await auth.getToken();
    await new Promise((r) => setTimeout(r, 1100)); // a new iat: the emulator's tokens differ by the second
    const fresh = await auth.getToken(true);
    expect(fresh).not.toBe(first);
    expect(claimsOf(fresh!).user_id).toBe(user.uid);
  });

  it('signs up a new account, signed in and not yet verified, and refuses the same e-mail twice', async () => {
    const email = uniqueEmail('signup');
    const auth = createAuth();
    const created = await auth.signUp(email, 'secret-pass-1');
    expect(created).toMatchObject({ email, emailVerified: false });
    const err = await createAuth()
      .signUp(email, 'secret-pass-1')
      .catch((e: unknown) => e);
    expect(authErrorMessage(err)).toBe('An account with this e-mail address already exists.');
  });

  it('sends the verification e-mail (leading back to the app), and sees the verification made elsewhere on reload', async () => {
    const email = uniqueEmail('verify');
    const auth = createAuth({ links: { afterVerification: 'http://localhost:5173/icebreak' } });
    await auth.signUp(email, 'secret-pass-1');
    await auth.sendVerification();
    const sent = await oobLinks(email);
    expect(sent.map((c) => c.requestType)).toEqual(['VERIFY_EMAIL']);
    expect(new URL(sent[0]!.oobLink).searchParams.get('continueUrl')).toBe('http://localhost:5173/icebreak');

    const heard: (AuthUser | null)[] = [];
    auth.subscribe((u) => heard.push(u));
    await verifyThroughOobCode(email);
    expect(await auth.reload()).toMatchObject({ email, emailVerified: true });
    // The server reads the token, not the SDK's user: the token says verified too, and listeners heard of it.
    expect(claimsOf((await auth.getToken())!).email_verified).toBe(true);
    expect(heard.at(-1)).toMatchObject({ emailVerified: true });
    // A verified user is not sent another e-mail (the one used is gone from the emulator's list).
    const before = (await oobLinks(email)).length;
    await auth.sendVerification();
    expect(await oobLinks(email)).toHaveLength(before);
  });

  it('sends the password-reset e-mail to the typed address, leading back to the app', async () => {
    const user = await createTestUser({ verified: true });
    await createAuth({ links: { afterReset: 'http://localhost:5173/auth' } }).sendPasswordReset(` ${user.email} `);
    const sent = await oobLinks(user.email);
    expect(sent.map((c) => c.requestType)).toEqual(['PASSWORD_RESET']);
    expect(new URL(sent[0]!.oobLink).searchParams.get('continueUrl')).toBe('http://localhost:5173/auth');
  });

  it('changes the password only with the current one, and stays signed in', async () => {
    const user = await createTestUser({ verified: true });
    const auth = createAuth();
    await auth.signIn(user.email, user.password);
    const wrong = await auth.changePassword('not-the-password', 'new-secret-2').catch((e: unknown) => e);
    expect(authErrorMessage(wrong)).toBe('The e-mail address or password is incorrect.');
    await auth.changePassword(user.password, 'new-secret-2');
    expect(await auth.getToken()).toBeTruthy();
    expect(await createAuth().signIn(user.email, 'new-secret-2')).toMatchObject({ uid: user.uid });
  });
});

describe('sign-in with Google and Microsoft', () => {
  it.each<SignInProviderId>(['google.com', 'microsoft.com'])(
    '%s: a new account whose address the provider vouches for is verified at once (no verification step)',
    async (providerId) => {
      const email = uniqueEmail('idp');
      const auth = createAuth({ idp: () => ({ email, emailVerified: true }) });
      const user = await auth.signInWithProvider(providerId);
      expect(user).toMatchObject({ email, emailVerified: true });
      const claims = claimsOf((await auth.getToken())!);
      expect(claims).toMatchObject({ email, email_verified: true });
      expect((claims.firebase as { sign_in_provider: string }).sign_in_provider).toBe(providerId);
    },
  );

  it('a provider that does not vouch for the address leaves the account unverified (the server keeps refusing it)', async () => {
    const email = uniqueEmail('idp-unverified');
    const auth = createAuth({ idp: () => ({ email, emailVerified: false }) });
    expect(await auth.signInWithProvider('microsoft.com')).toMatchObject({ email, emailVerified: false });
    expect(claimsOf((await auth.getToken())!).email_verified).toBe(false);
  });

  it('links a provider to an existing e-mail account: refused first, linked after signing in with the password', async () => {
    const user = await createTestUser({ verified: true });
    const sub = randomUUID();
    // An address the provider does not vouch for cannot simply take over the account: Firebase asks for the existing sign-in.
    const auth = createAuth({ idp: () => ({ email: user.email, emailVerified: false, sub }) });
    const err = await auth.signInWithProvider('microsoft.com').catch((e: unknown) => e);
    expect(authErrorCode(err)).toBe('auth/account-exists-with-different-credential');
    expect(auth.pendingLink()).toEqual({ email: user.email, providerId: 'microsoft.com' });
    expect(await auth.getToken()).toBeNull();

    const signedIn = await auth.signIn(user.email, user.password);
    expect(signedIn).toMatchObject({ uid: user.uid, linked: 'microsoft.com' });
    expect(auth.pendingLink()).toBeNull();

    // From now on the provider alone signs in to the same account.
    await auth.signOut();
    expect(await auth.signInWithProvider('microsoft.com')).toMatchObject({ uid: user.uid, email: user.email });
  });

  it('does not link the waiting provider to an account of another address; signing out forgets it', async () => {
    const owner = await createTestUser({ verified: true });
    const other = await createTestUser({ verified: true });
    const auth = createAuth({ idp: () => ({ email: owner.email, emailVerified: false }) });
    await auth.signInWithProvider('google.com').catch(() => undefined);
    expect(auth.pendingLink()).toMatchObject({ email: owner.email });
    const signedIn = await auth.signIn(other.email, other.password);
    expect(signedIn.linked).toBeUndefined();
    expect(auth.pendingLink()).not.toBeNull();
    await auth.signOut();
    expect(auth.pendingLink()).toBeNull();
  });
});

/**
 * The emulator compiles its request validators on first use (server/scripts/emulator-lazy-validators.mjs):
 * a body of the wrong type is still refused as the API refuses it, on an endpoint's first call and on later ones.
 */
describe('the Auth emulator validates request bodies', () => {
  const signUp = (body: unknown) =>
    fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a password that is not a string, and still signs up a valid body', async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await signUp({ email: uniqueEmail(), password: ['not', 'a', 'string'] });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('password must be string');
    }
    expect((await signUp({ email: uniqueEmail(), password: 'secret-pass-1', returnSecureToken: true })).status).toBe(200);
  });
});
