/** The config check as the real server process meets it (a child process: not a unit test). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_REMINDER_TOKEN_SECRET } from './config';

describe('loadConfig at start', () => {
  it('the server process stops at start with the message naming the variable', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production');
  });

  it('the server process refuses to start in production with the development REMINDER_TOKEN_SECRET', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', REMINDER_TOKEN_SECRET: DEVELOPMENT_REMINDER_TOKEN_SECRET },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('REMINDER_TOKEN_SECRET: must not be the published development value');
  });
});
