import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { createTestUser, emulatorHost, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  a = await app.signUp('Alice');
  b = await app.signUp('Bob');
});
afterAll(() => app.close());

describe('identity', () => {
  it('a verified user reads its own credits: 20 to start', async () => {
    expect(await app.client(a).getCredits(a.email)).toEqual({ credits: FREE_MONTHLY_CREDITS });
    const user = await app.client(a).getUser(a.uid);
    expect(user).toMatchObject({ firebaseUid: a.uid, email: a.email, name: 'Alice', credits: 20, plan: 'free' });
  });

  it('no token → 401, a forged token → 401', async () => {
    await expect(app.client().getCredits(a.email)).rejects.toThrow(/^401: .*Sign in to continue/);
    const res = await app.fetch(`/api/user-credits/${a.email}`, { headers: { Authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: MESSAGES.unauthenticated, code: 'unauthenticated' });
  });

  it("B cannot read A's credits, settings or user record (403)", async () => {
    const asB = app.client(b);
    await expect(asB.getCredits(a.email)).rejects.toThrow(/^403: /);
    await expect(asB.getSettings(a.email)).rejects.toThrow(/^403: /);
    await expect(asB.getUser(a.uid)).rejects.toThrow(/^403: /);
    await expect(asB.updateSettings(a.email, { name: 'x', aboutMe: 'y', contentPreferences: 'z' })).rejects.toThrow(/^403: /);
    // The e-mail comparison ignores case, and still refuses another user's address.
    await expect(asB.getCredits(a.email.toUpperCase())).rejects.toThrow(/^403: /);
    expect(await app.client(b).getCredits(b.email.toUpperCase())).toEqual({ credits: 20 });
  });

  it('an unverified user gets 403 except on the two user-creation routes', async () => {
    const u = await createTestUser({ verified: false });
    const client = app.client(u);
    const created = await client.createUser({ firebaseUid: u.uid, email: u.email });
    expect(created.user.email).toBe(u.email);
    await expect(client.getCredits(u.email)).rejects.toThrow(
      `403: ${JSON.stringify({ message: MESSAGES.emailNotVerified, code: 'forbidden' })}`,
    );
    await expect(client.getUser(u.uid)).rejects.toThrow(/^403: /);
  });

  it('the creation routes refuse a body naming another account', async () => {
    const u = await createTestUser({ verified: false });
    await expect(app.client(u).registerUser({ name: 'Mallory', email: a.email, firebaseUid: a.uid })).rejects.toThrow(
      `403: ${JSON.stringify({ message: MESSAGES.tokenMismatch, code: 'forbidden' })}`,
    );
    await expect(app.client(u).createUser({ firebaseUid: u.uid, email: b.email })).rejects.toThrow(/^403: /);
  });

  it('GET /api/user/{uid} is 404 until the record exists, then POST /api/user creates it once', async () => {
    const u = await createTestUser({ verified: true });
    const client = app.client(u);
    await expect(client.getUser(u.uid)).rejects.toThrow(`404: ${JSON.stringify({ message: MESSAGES.userNotFound, code: 'not_found' })}`);
    const [first, second] = await Promise.all([
      client.createUser({ firebaseUid: u.uid, email: u.email }),
      client.createUser({ firebaseUid: u.uid, email: u.email }),
    ]);
    expect([first.message, second.message].sort()).toEqual(['User already exists', 'User created']);
    expect((await client.getUser(u.uid)).credits).toBe(20);
  });

  it('registration is idempotent and keeps the name', async () => {
    const again = await app.register(a, 'Alice');
    expect(again.user.name).toBe('Alice');
    expect(again.user.credits).toBe(20);
  });
});

describe('settings', () => {
  it('an empty body → 400 listing the three messages', async () => {
    const res = await app.fetch(`/api/user/settings/${a.email}`, {
      method: 'PUT',
      user: a,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.issues.map((i) => i.message)).toEqual([
      MESSAGES.nameRequired,
      MESSAGES.aboutMeRequired,
      MESSAGES.contentPreferencesRequired,
    ]);
    expect(body.message).toBe('Name is required; About me is required; Content preferences are required');
  });

  it('blank strings count as missing', async () => {
    await expect(app.client(a).updateSettings(a.email, { name: '  ', aboutMe: '', contentPreferences: ' ' })).rejects.toThrow(
      /^400: .*Name is required/,
    );
  });

  it('a valid body round-trips', async () => {
    expect(await app.client(a).getSettings(a.email)).toEqual({ name: '', aboutMe: '', contentPreferences: '', outputLanguage: 'auto' });
    const settings = {
      name: 'Alice Example',
      aboutMe: 'I sell observability tooling at Acme.',
      contentPreferences: 'Short, friendly, no emojis.',
    };
    const saved = await app.client(a).updateSettings(a.email, settings);
    // The output language was not sent: the stored one (auto for a first save) comes back with the rest.
    expect(saved).toEqual({
      message: 'Your enrichment settings have been updated successfully.',
      settings: { ...settings, outputLanguage: 'auto' },
    });
    expect(await app.client(a).getSettings(a.email)).toEqual({ ...settings, outputLanguage: 'auto' });
    // Another user's settings stay their own.
    expect(await app.client(b).getSettings(b.email)).toEqual({ name: '', aboutMe: '', contentPreferences: '', outputLanguage: 'auto' });
  });

  it('a missing e-mail query → 400 with the product message', async () => {
    const res = await app.fetch('/api/settings-data', { user: a });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.userEmailRequired);
  });
});

describe('an identity account re-created with the same address', () => {
  async function deleteAccount(user: TestUser) {
    const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid, targetProjectId: 'demo-icebreak' }),
    });
    expect(res.ok).toBe(true);
  }

  it('is refused while unverified (409), and reclaims the record, balance included, once verified', async () => {
    const first = await app.signUp('Olga');
    await app.client(first).updateSettings(first.email, { name: 'Olga', aboutMe: 'Sales at Initech', contentPreferences: 'Brief' });
    await deleteAccount(first);

    const unverified = await createTestUser({ verified: false, email: first.email });
    await expect(app.client(unverified).registerUser({ name: 'Olga', email: first.email, firebaseUid: unverified.uid })).rejects.toThrow(
      /^409: .*already belongs to another account/,
    );
    await deleteAccount(unverified);

    const again = await createTestUser({ verified: true, email: first.email });
    const out = await app.client(again).createUser({ firebaseUid: again.uid, email: again.email });
    expect(out.user).toMatchObject({ firebaseUid: again.uid, name: 'Olga', credits: 20 });
    expect((await app.client(again).getSettings(again.email)).aboutMe).toBe('Sales at Initech');
  });
});
