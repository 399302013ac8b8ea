/**
 * The portal's session in Chromium is the Firebase JS SDK's own (IndexedDB): a session the SDK
 * stored (an earlier visit, or a build from before the REST client) signs the user in, and
 * logging out ends it for good.
 */
import { describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { createApiClient } from '@shared/api/client';
import { launchBrowser } from '../helpers/browser';
import { createTestUser, emulatorHost } from '../helpers/emulator';
import { heading, portalInBrowser } from '../helpers/portal-browser';

describe('portal session in Chromium', () => {
  const e2e = portalInBrowser();

  it('signs in from the session the Firebase SDK kept, and logs out for good', async () => {
    const user = await createTestUser({ verified: true });
    const api = createApiClient({ baseUrl: e2e.app.url, getToken: async () => user.idToken });
    await api.registerUser({ name: 'Sam Sdk', email: user.email, firebaseUid: user.uid });
    const config = await api.getConfig();

    // What the SDK wrote for a signed-in user: user.toJSON() under firebase:authUser:<apiKey>:[DEFAULT].
    const sdkApp = initializeApp(config.firebase, `sdk-${user.uid}`);
    const sdkAuth = initializeAuth(sdkApp, { persistence: inMemoryPersistence });
    connectAuthEmulator(sdkAuth, `http://${emulatorHost()}`, { disableWarnings: true });
    const persisted = (await signInWithEmailAndPassword(sdkAuth, user.email, user.password)).user.toJSON();
    await deleteApp(sdkApp);

    // A browser profile of its own: nothing of the other tests' sessions.
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      await page.goto(`${e2e.app.url}/favicon.svg`);
      await page.evaluate(
        ({ key, value }) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('firebaseLocalStorageDb', 1);
            open.onupgradeneeded = () => open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
            open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
            open.onsuccess = () => {
              const tx = open.result.transaction('firebaseLocalStorage', 'readwrite');
              tx.objectStore('firebaseLocalStorage').put({ fbase_key: key, value });
              tx.oncomplete = () => (open.result.close(), resolve());
              tx.onerror = () => reject(tx.error ?? new Error('the write failed'));
            };
          }),
        { key: `firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`, value: persisted },
      );

      await page.goto(`${e2e.app.url}/icebreak`);
      await heading(page, 'Icebreak', 20_000);
      await page.getByTestId('credits-counter').getByText('20', { exact: true }).waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/auth$/);
      // Logging out removed the SDK's entry: the next visit is signed out.
      await page.goto(`${e2e.app.url}/icebreak`);
      await page.waitForURL(/\/auth$/);
      expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('firebase:authUser:')))).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
