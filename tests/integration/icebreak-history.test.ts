import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GOAL, FALLBACK_GOAL } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';

const DESCRIPTION = 'Tom Becker is the Head of Marketing at Umbrella Foods in Munich. He loves cycling, jazz and cooking.';

let app: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  a = await app.signUp('Alice');
  b = await app.signUp('Bob');
});
afterAll(() => app.close());

describe('Icebreak with the offline writer (default without LLM_BASE_URL)', () => {
  it('streams the three sections, labelled offline, naming the person and the company', async () => {
    const lines = await collectLines(await app.client(a).search({ profileUrl: DESCRIPTION, email: a.email }));
    expect(lines[0]).toMatchObject({ generator: 'offline', section: 0, content: '' });
    const text = (n: number) =>
      lines
        .filter((l) => l.section === n && !l.done)
        .map((l) => l.content)
        .join('');
    expect(text(0)).toContain('Umbrella Foods');
    expect(text(1)).toContain('Tom');
    expect(text(2)).toContain('Head of Marketing');
    expect(text(2)).toContain('**Company:** Umbrella Foods');
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: null });
  });

  it('the same description gives the same insights (deterministic)', async () => {
    const first = await collectLines(await app.client(a).search({ profileUrl: DESCRIPTION, email: a.email, goal: 'hire him' }));
    const second = await collectLines(await app.client(a).searchPost({ profileUrl: DESCRIPTION, email: a.email, goal: 'hire him' }));
    // Charged once per answer (docs/decisions/0012-charged-once-per-answer.md): the second time the stored answer is shown again (one history item, one charge).
    const text = (lines: typeof first) =>
      [0, 1, 2].map((n) =>
        lines
          .filter((l) => l.section === n)
          .map((l) => l.content)
          .join('')
          .trim(),
      );
    expect(text(second)).toEqual(text(first));
    expect(second[0]).toMatchObject({ stored: true, historyId: first[0]!.historyId });
    const [item] = await app.client(a).getHistory(a.email);
    expect(item!._id).toBe(first[0]!.historyId);
    expect(item!.insightsText.join('\n')).toContain('hire him');
  });

  it('history: newest first, profile names, goal defaults (absent → default, blank → fallback)', async () => {
    await collectLines(await app.client(a).search({ profileUrl: 'Zoe Park runs design at Initech.', email: a.email, goal: '   ' }));
    const history = await app.client(a).getHistory(a.email);
    expect(history.length).toBeGreaterThanOrEqual(3); // the repeated input of the test above is stored once (docs/decisions/0012-charged-once-per-answer.md)
    const times = history.map((h) => Date.parse(h.timestamp));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(history[0]!.insightsStructure.profile).toEqual({
      firstName: 'Zoe',
      lastName: 'Park',
      description: 'Zoe Park runs design at Initech.',
      company: 'Initech',
    });
    expect(history[0]!.goal).toBe(FALLBACK_GOAL);
    expect(history[0]!.generator).toBe('offline');
    expect(history.at(-1)!.goal).toBe(DEFAULT_GOAL);
    expect(history.at(-1)!.insightsStructure.profile).toMatchObject({ firstName: 'Tom', lastName: 'Becker' });
    const insights = await app.client(a).getInsights(history[0]!._id, a.email);
    expect(insights).toMatchObject({ success: true, fallbackText: null, historyItem: { _id: history[0]!._id, status: 'Ready' } });
    expect(insights.historyItem!.insightsText).toHaveLength(3);
  });

  it("another user cannot list or read a history item (403 naming another's e-mail; 404 for the item, like a missing one)", async () => {
    const [item] = await app.client(a).getHistory(a.email);
    const forbidden = `403: ${JSON.stringify({ message: MESSAGES.forbiddenOther, code: 'forbidden' })}`;
    await expect(app.client(b).getHistory(a.email)).rejects.toThrow(forbidden);
    await expect(app.client(b).getInsights(item!._id, a.email)).rejects.toThrow(forbidden);
    // Issue 28: the item of another user answers as a missing one does (its existence is not disclosed).
    await expect(app.client(b).getInsights(item!._id, b.email)).rejects.toThrow(/^404: /);
    await expect(app.client(b).search({ profileUrl: DESCRIPTION, email: a.email })).rejects.toThrow(forbidden);
    expect(await app.client(b).getHistory(b.email)).toEqual([]);
    await expect(app.client().getHistory(a.email)).rejects.toThrow(/^401: /);
    await expect(app.client(a).getInsights('00000000-0000-0000-0000-000000000000', a.email)).rejects.toThrow(/^404: /);
  });

  it('garbage input → 4xx with a message, never 5xx', async () => {
    const before = (await app.client(a).getCredits(a.email)).credits;
    const q = (p: Record<string, string>) => new URLSearchParams(p).toString();
    const gets = [
      `/api/search`,
      `/api/search?${q({ email: a.email })}`,
      `/api/search?${q({ profileUrl: '   ', email: a.email })}`,
      `/api/search?${q({ profileUrl: 'Jane', email: 'not-an-email' })}`,
      `/api/search?${q({ profileUrl: 'Jane', email: a.email, goal: 'g'.repeat(501) })}`,
      `/api/search?profileUrl=a&profileUrl=b&email=${encodeURIComponent(a.email)}`,
      `/api/icebreak/history`,
      `/api/icebreak/history?email=`,
      `/api/icebreak/history?email=a&email=b`,
      `/api/icebreak/insights/abc`,
      `/api/icebreak/insights/${'x'.repeat(65)}?${q({ email: a.email })}`,
    ];
    for (const path of gets) {
      const res = await app.fetch(path, { user: a });
      expect(res.status, path.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, path.slice(0, 80)).toBeLessThan(500);
      const text = await res.text();
      expect(text, `${path.slice(0, 80)} → ${res.status}`).toMatch(/"message":"[^"]/);
    }
    const empty = await app.fetch(`/api/search?${q({ profileUrl: '', email: a.email })}`, { user: a });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(MESSAGES.emptyDescription);

    // Long descriptions go in a POST body (a URL that long is refused by the HTTP layer itself).
    const posts = [
      JSON.stringify({ profileUrl: 'x'.repeat(20_001), email: a.email }),
      '{}',
      '[]',
      '"text"',
      'null',
      '{"profileUrl": 5, "email": "x@y.z"}',
      `{"profileUrl": {"a":1}, "email": "${a.email}"}`,
      '{"profileUrl": "a",',
    ];
    for (const body of posts) {
      const res = await app.fetch('/api/search', { method: 'POST', user: a, headers: { 'Content-Type': 'application/json' }, body });
      expect(res.status, body.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, body.slice(0, 80)).toBeLessThan(500);
      expect(await res.text()).toMatch(/"message":"[^"]/);
    }
    const form = await app.fetch('/api/search', {
      method: 'POST',
      user: a,
      headers: { 'Content-Type': 'text/plain' },
      body: 'profileUrl=x',
    });
    expect(form.status).toBe(415);
    expect((await app.client(a).getCredits(a.email)).credits).toBe(before);
  });
});
