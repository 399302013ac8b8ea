import { randomUUID } from 'node:crypto';
import { TEST_EMULATOR } from './emulator-config';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is unset: run the tests with `npm test`, which starts the emulator.');
  return host;
}
const projectId = () => process.env.FIREBASE_PROJECT_ID ?? TEST_EMULATOR.projectId;
const API_KEY = 'demo-api-key';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  /** Fresh token (after verification or claims changed). */
  refresh(): Promise<string>;
}

/**
 * fetch with a few retries on socket errors: while PGlite opens it blocks the event loop for
 * seconds, and the emulator may close a kept-alive connection in the meantime.
 */
async function fetchRetrying(url: string, init: RequestInit, attempts = 3): Promise<Response> {
  for (let i = 1; ; i += 1) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * i));
    }
  }
}

async function identityToolkit<T>(method: string, body: unknown, bearer?: string): Promise<T> {
  const res = await fetchRetrying(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`emulator ${method}: ${JSON.stringify(json)}`);
  return json;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Sign up a user in the Auth emulator; `verified` marks the e-mail verified as the emulator's oob link would. */
export async function createTestUser(opts: { verified?: boolean; email?: string; password?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret-pass-1';
  const signUp = await identityToolkit<{ localId: string; idToken: string }>('signUp', { email, password, returnSecureToken: true });
  if (opts.verified) {
    await identityToolkit('update', { localId: signUp.localId, emailVerified: true, targetProjectId: projectId() }, 'owner');
  }
  const user: TestUser = {
    uid: signUp.localId,
    email,
    password,
    idToken: signUp.idToken,
    async refresh() {
      const r = await identityToolkit<{ idToken: string }>('signInWithPassword', { email, password, returnSecureToken: true });
      user.idToken = r.idToken;
      return r.idToken;
    },
  };
  if (opts.verified) await user.refresh();
  return user;
}

/** Verify a user's e-mail through the emulator's out-of-band codes, as the link in the e-mail would. */
export async function verifyThroughOobCode(email: string): Promise<void> {
  const res = await fetchRetrying(`http://${emulatorHost()}/emulator/v1/projects/${projectId()}/oobCodes`, {});
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string; oobLink: string }[] };
  const code = oobCodes.reverse().find((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
  if (!code) throw new Error(`no verification code for ${email}`);
  await identityToolkit('update', { oobCode: code.oobCode });
}
