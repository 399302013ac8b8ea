/**
 * The Zoho CRM widget in Debian's Chromium, framed by the stand-in CRM page (served from its own
 * origin), against the real server (CORS_ORIGINS = that origin) and the Auth emulator: sign in,
 * enrich one lead, save the note, bulk-enrich three leads, and a bulk run refused for lack of credits.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { MESSAGES } from '@shared/messages';
import { SAMPLE_LEADS } from '../../widget/dev/sample-leads';
import type { RecordedNote } from '../../widget/dev/standin-zoho';
import { WIDGET_TEXT } from '../../widget/src/app/messages';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startWidgetHost, type WidgetHost } from './widget-host';

const [maria, kenji, aisha] = SAMPLE_LEADS as [(typeof SAMPLE_LEADS)[number], (typeof SAMPLE_LEADS)[number], (typeof SAMPLE_LEADS)[number]];
const T = { timeout: 20_000 };
/** Git-ignored: what the widget looked like, for people reviewing a run. */
const AXE_SOURCE = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/axe-core/axe.min.js'),
  'utf8',
);
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

describe('Zoho widget in Chromium on the stand-in CRM', () => {
  let host: WidgetHost;
  let app: TestApp;
  let browser: TestBrowser;
  let page: Page;
  let seller: TestUser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    host = await startWidgetHost();
    app = await startTestApp({ env: { CORS_ORIGINS: host.origin } });
    browser = await launchBrowser({ viewport: { width: 1300, height: 1000 } });
    seller = await app.signUp('Sam Seller');
    page = await browser.context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await host?.close();
  });

  const widget = (): FrameLocator => page.frameLocator('#widget-frame');
  const notes = () => page.evaluate(() => (window as unknown as { __standinNotes: RecordedNote[] }).__standinNotes);
  const credits = () => widget().getByTestId('credits');

  async function signIn(user: TestUser) {
    const w = widget();
    await w.getByLabel('Email').fill(user.email, T);
    await w.getByLabel('Password').fill(user.password);
    await w.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs in, enriches one lead (DM + script), saves it to the notes; the balance goes down by 2', async () => {
    await page.goto(host.standInUrl({ api: app.url, position: 'related', lead: maria.id, width: '400' }));
    await signIn(seller);
    await expect.poll(() => credits().textContent(T), T).toBe('Credits: 20');
    const w = widget();
    await expect.poll(() => w.getByTestId('lead-summary').textContent(), T).toContain('Maria Lopez');
    await expect.poll(() => w.getByTestId('enrich-cost').textContent(), T).toBe('Cost: 2 credits · you have 20');

    await w.getByRole('button', { name: 'Generate (2 credits)' }).click();
    await w.getByTestId('call-script').waitFor(T);
    const connectionNote = (await w.getByTestId('dm-note').locator('p').textContent()) ?? '';
    expect(connectionNote.length).toBeGreaterThan(20);
    expect(connectionNote.length).toBeLessThanOrEqual(300);
    expect(await w.getByTestId('call-script').textContent()).toContain('Opener:');
    await expect.poll(() => credits().textContent(), T).toBe('Credits: 18');

    await w.getByRole('button', { name: 'Save to lead notes' }).click();
    expect(await w.getByTestId('note-saved').textContent(T)).toBe(WIDGET_TEXT.noteSaved);
    const saved = await notes();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ entity: 'Leads', recordId: maria.id, title: WIDGET_TEXT.notesTitleEnrich });
    expect(saved[0]!.content).toContain(connectionNote);
    expect(saved[0]!.content).toContain('COLD-CALL SCRIPT');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'widget-one-lead-400px.png'), fullPage: true });
    // The stand-in shows what the widget wrote.
    expect(await page.locator('#notes li').first().textContent()).toContain(WIDGET_TEXT.notesTitleEnrich);

    // The server agrees: 2 credits for 2 outputs; the result is stored for the lead.
    expect(await app.client(seller).getCredits(seller.email)).toEqual({ credits: 18 });
    expect((await app.client(seller).getEnrichment(maria.id)).linkedin_dm?.connectionNote).toBe(connectionNote);

    // The widget asked Zoho to fit its content, and it fits 400 px without a horizontal scrollbar.
    const resizes = await page.evaluate(() => (window as unknown as { __standinResizes: { height: number }[] }).__standinResizes);
    expect(resizes.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f.url().includes('/app/widget.html'))!;
    expect(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // axe-core inside the widget: no serious or critical violation.
    await frame.addScriptTag({ content: AXE_SOURCE });
    const violations = await frame.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: unknown): Promise<{ violations: { id: string; impact: string | null }[] }> } })
        .axe;
      const r = await axe.run({ exclude: [['[data-tabster-dummy]']] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(violations).toEqual([]);

    // Opening the lead again shows the stored result without charging.
    await page.reload();
    await expect.poll(() => widget().getByTestId('enrich-result').textContent(T), T).toContain('Earlier result, shown without charge');
    await expect.poll(() => credits().textContent(), T).toBe('Credits: 18');
    expect(pageErrors).toEqual([]);
  });

  it('bulk-enriches 3 leads from the list-view button with progress to 100% and a note per lead', async () => {
    const ids = [maria.id, kenji.id, aisha.id];
    const before = (await notes()).length;
    // Same browser: the session is remembered, no second sign-in.
    await page.goto(host.standInUrl({ api: app.url, position: 'list', leads: ids.join(','), width: '600' }));
    const w = widget();
    // Maria's two texts were already written for the same input (first test): the estimate says they
    // are free (docs/decisions/0012-charged-once-per-answer.md), so it is what the run charges: 4.
    await expect
      .poll(() => w.getByTestId('bulk-cost').textContent(T), T)
      .toContain('Cost: 4 credits (LinkedIn DM and Cold-call script for 3 leads; 1 already enriched with this data: free)');
    await w.getByRole('button', { name: 'Enrich 3 leads (4 credits)' }).click();
    await expect.poll(() => w.getByTestId('bulk-progress').getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
    expect(await w.getByText('3 of 3 leads processed: 3 enriched').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'widget-bulk.png'), fullPage: true });
    const statuses = await w.getByTestId('bulk-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
    expect(statuses).toEqual(['done', 'done', 'done']);
    expect((await notes()).slice(before).map((n) => n.recordId)).toEqual(ids);
    expect(await w.getByTestId('bulk-charged').textContent()).toBe('Charged: 4 credits');
    await expect.poll(() => credits().textContent(), T).toBe('Credits: 14');
    expect(await app.client(seller).getCredits(seller.email)).toEqual({ credits: 14 });
  });

  it('Icebreak analyses a lead from its fields, streamed section by section, and saves it as a note', async () => {
    await page.goto(host.standInUrl({ api: app.url, position: 'related', lead: kenji.id }));
    const w = widget();
    await expect.poll(() => credits().textContent(T), T).toBe('Credits: 14');
    await w.getByRole('tab', { name: 'Icebreak' }).click(T);
    await w.getByRole('button', { name: 'Analyze lead (1 credit)' }).click(T);
    await w.getByTestId('icebreak-section-1').waitFor(T);
    // No news in this run: section 0 is titled for what it is, not "News-Driven" (docs/product.md#news).
    expect(await w.getByTestId('icebreak-section-0').textContent()).toContain('Conversation Starters');
    expect(await w.getByTestId('icebreak-section-1').textContent()).toContain('Tips for Building Rapport');
    await w.getByRole('button', { name: 'Save to lead notes' }).click(T);
    await w.getByTestId('note-saved').waitFor(T);
    const [note] = await notes();
    expect(note).toMatchObject({ recordId: kenji.id, title: WIDGET_TEXT.notesTitleIcebreak });
    expect(note!.content).toContain('Tips for Building Rapport');
    await expect.poll(() => credits().textContent(), T).toBe('Credits: 13');
    expect(await app.client(seller).getCredits(seller.email)).toEqual({ credits: 13 });
    const [item] = await app.client(seller).getHistory(seller.email);
    expect(item?.insightsStructure.profile.description).toContain('Kenji Watanabe, Head of Data at Brightleaf Analytics.');
  });

  it('refuses a bulk run the credits do not cover, before anything is charged', async () => {
    const poor = await createTestUser({ verified: true });
    const client = app.client(poor);
    await client.registerUser({ name: 'Pat Poor', email: poor.email, firebaseUid: poor.uid });
    // Spend 16 of the 20 free credits through the API: 4 left, the run below needs 6.
    for (let i = 0; i < 8; i++)
      await client.enrich({
        lead: { id: `spent-${i}`, Last_Name: 'Spent', Company: 'Acme' },
        outputs: ['linkedin_dm', 'cold_call_script'],
      });
    expect(await client.getCredits(poor.email)).toEqual({ credits: 4 });

    await page.goto(host.standInUrl({ api: app.url, position: 'list', leads: [maria.id, kenji.id, aisha.id].join(',') }));
    const w = widget();
    await w.getByRole('button', { name: 'Sign out' }).click(T);
    await signIn(poor);
    await expect.poll(() => credits().textContent(T), T).toBe('Credits: 4');
    await w.getByRole('button', { name: 'Enrich 3 leads (6 credits)' }).click(T);
    const refusal = w.locator('[data-problem="noCredits"]');
    expect(await refusal.textContent(T)).toBe(`${WIDGET_TEXT.bulkRefusedTitle}${MESSAGES.notEnoughCredits(6, 4)} ${WIDGET_TEXT.upgrade}`);
    expect(await w.getByRole('link', { name: WIDGET_TEXT.upgrade }).getAttribute('href')).toMatch(/\/subscription$/);
    expect(await w.getByTestId('bulk-progress').count()).toBe(0);
    expect(await client.getCredits(poor.email)).toEqual({ credits: 4 });
    // A fresh stand-in page: no note was written.
    expect(await notes()).toEqual([]);
  });

  it('a server that does not allow the widget origin (CORS) is reported as unreachable', async () => {
    const strict = await startTestApp();
    try {
      await page.goto(host.standInUrl({ api: strict.url, position: 'related', lead: maria.id }));
      const alert = widget().locator('[data-problem="unreachable"]');
      expect(await alert.textContent(T)).toBe(`Server unreachable${WIDGET_TEXT.unreachable(strict.url)}Try again`);
    } finally {
      await strict.close();
    }
  });
});
