import { mkdtempSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_PAGE, LANDING_PATHS } from '@shared/constants';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the portal page for each route', () => {
  let dir: string;
  const apps: TestApp[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-pages-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>index</title>');
    writeFileSync(path.join(dir, LANDING_PAGE), '<!doctype html><title>landing</title>');
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const titleOf = async (app: TestApp, route: string) => {
    const res = await app.fetch(route);
    expect(res.status, route).toBe(200);
    expect(res.headers.get('cache-control'), route).toBe('no-cache');
    return /<title>(\w+)<\/title>/.exec(await res.text())?.[1];
  };

  it('the signed-in landing routes get the page that preloads their chunks; every other route index.html', async () => {
    const app = await startTestApp({ deps: { staticDir: dir } });
    apps.push(app);
    expect(LANDING_PATHS).toEqual(['/', '/icebreak']);
    for (const route of LANDING_PATHS) expect(await titleOf(app, route)).toBe('landing');
    for (const route of ['/auth', '/settings', '/icebreak/extra', '/subscription']) expect(await titleOf(app, route)).toBe('index');
  });

  it('a build without the landing page serves index.html everywhere', async () => {
    unlinkSync(path.join(dir, LANDING_PAGE));
    const app = await startTestApp({ deps: { staticDir: dir } });
    apps.push(app);
    for (const route of ['/', '/icebreak', '/auth']) expect(await titleOf(app, route)).toBe('index');
  });
});
