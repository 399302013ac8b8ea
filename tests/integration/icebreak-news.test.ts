import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/src/clock';
import { openDatabase, type Database } from '../../server/src/db/database';
import { createGdeltNewsSource } from '../../server/src/features/news/gdelt-news-source';
import { createDbNewsCache } from '../../server/src/features/news/news-cache';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp } from '../helpers/test-app';
import { startFakeGdelt, type FakeGdelt } from '../fakes/gdelt-server';

const ARTICLE = {
  url: 'https://www.example-news.com/acme-robotics-berlin-plant',
  title: 'Acme Robotics opens a new plant in Berlin',
  seendate: '20261115T093000Z',
  domain: 'example-news.com',
};

let gdelt: FakeGdelt;
let database: Database;

beforeAll(async () => {
  gdelt = await startFakeGdelt();
  gdelt.articles.set('acme robotics', [ARTICLE, { ...ARTICLE, url: 'https://dup.example/x' }]);
  database = await openDatabase({});
});
afterAll(async () => {
  await gdelt.close();
  await database.close();
});
beforeEach(() => {
  gdelt.mode = 'ok';
  gdelt.requests.length = 0;
});

describe('GDELT DOC 2.0 news source (loopback fake)', () => {
  it('asks for an article list about the company and maps the answer to headlines (duplicates dropped)', async () => {
    const source = createGdeltNewsSource({ baseUrl: gdelt.url });
    expect(await source.headlines({ company: 'Acme  Robotics' })).toEqual([
      { title: ARTICLE.title, url: ARTICLE.url, source: 'example-news.com', seenAt: '2026-11-15T09:30:00Z' },
    ]);
    const q = gdelt.requests[0]!;
    expect(q.get('query')).toBe('"acme robotics" sourcelang:english');
    expect(q.get('mode')).toBe('artlist');
    expect(q.get('format')).toBe('json');
    expect(q.get('maxrecords')).toBe('5');
    expect(q.get('timespan')).toBe('14d');
    expect(await source.headlines({ company: 'Nobody Corp' })).toEqual([]);
  });

  it('the database cache answers a second server process without calling GDELT again', async () => {
    const cache = createDbNewsCache(database.db, systemClock);
    const first = createGdeltNewsSource({ baseUrl: gdelt.url, cache });
    const second = createGdeltNewsSource({ baseUrl: gdelt.url, cache: createDbNewsCache(database.db, systemClock) });
    const a = await first.headlines({ company: 'Acme Robotics' });
    const b = await second.headlines({ company: 'ACME ROBOTICS' });
    expect(b).toEqual(a);
    expect(gdelt.requests).toHaveLength(1);
  });

  it('a timeout or a plain-text error gives no headlines, quickly, and never throws', async () => {
    gdelt.mode = 'stall';
    const started = Date.now();
    expect(await createGdeltNewsSource({ baseUrl: gdelt.url, timeoutMs: 200 }).headlines({ company: 'Acme Robotics' })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
    gdelt.mode = 'text-error';
    expect(await createGdeltNewsSource({ baseUrl: gdelt.url }).headlines({ company: 'Acme Robotics' })).toEqual([]);
    expect(await createGdeltNewsSource({ baseUrl: 'http://127.0.0.1:1' }).headlines({ company: 'Acme Robotics' })).toEqual([]);
  });
});

describe('news in the Icebreak stream', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser({ verified: true });
  });

  it('NEWS_PROVIDER=gdelt: the starters cite the headline', async () => {
    const app = await startTestApp({ database, env: { NEWS_PROVIDER: 'gdelt', NEWS_API_BASE: gdelt.url } });
    try {
      await app.register(user, 'U');
      gdelt.articles.set('umbrella foods', [
        { ...ARTICLE, title: 'Umbrella Foods recalls a snack line', url: 'https://news.example/umbrella' },
      ]);
      const lines = await collectLines(
        await app.client(user).search({ profileUrl: 'Tom Becker is the Head of Marketing at Umbrella Foods.', email: user.email }),
      );
      const starters = lines
        .filter((l) => l.section === 0)
        .map((l) => l.content)
        .join('');
      expect(starters).toContain('[Umbrella Foods recalls a snack line](https://news.example/umbrella)');
      expect(gdelt.requests.at(-1)!.get('query')).toBe('"umbrella foods" sourcelang:english');
    } finally {
      await app.close();
    }
  });

  it('GDELT not answering: the analysis still succeeds', async () => {
    gdelt.mode = 'stall';
    const app = await startTestApp({ database, deps: { news: createGdeltNewsSource({ baseUrl: gdelt.url, timeoutMs: 300 }) } });
    try {
      const before = (await app.client(user).getCredits(user.email)).credits;
      const lines = await collectLines(
        await app.client(user).search({ profileUrl: 'Jane Doe is the COO at Stalled Industries.', email: user.email }),
      );
      expect(gdelt.requests.length).toBeGreaterThan(0);
      expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: null });
      expect(
        lines
          .filter((l) => l.section === 0)
          .map((l) => l.content)
          .join(''),
      ).toContain('Stalled Industries');
      expect((await app.client(user).getCredits(user.email)).credits).toBe(before - 1);
    } finally {
      await app.close();
    }
  });
});
