import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import { databaseTargets } from '../helpers/databases';
import { startTestApp, type TestApp } from '../helpers/test-app';

const maria: Lead = { id: 'lead-quote-1', First_Name: 'Maria', Last_Name: 'Lopez', Company: 'Northwind Logistics' };
const kenji: Lead = { id: 'lead-quote-2', First_Name: 'Kenji', Last_Name: 'Sato', Company: 'Sato Freight' };
const nobody: Lead = { id: 'lead-quote-3', Email: 'info@example.com' };

describe.each(databaseTargets())('the bulk estimate (POST /api/enrich/quote) on $name', (target) => {
  let app: TestApp;
  let db: Awaited<ReturnType<typeof target.open>>;
  beforeAll(async () => {
    db = await target.open();
    app = await startTestApp({ database: db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it('quotes what the run then charges: stored answers free, a lead with nobody to write about refused; nothing charged by asking', async () => {
    const user = await app.signUp('Quote Quinn');
    const client = app.client(user);
    const both = ['linkedin_dm', 'cold_call_script'] as const;
    await client.enrich({ lead: kenji, outputs: ['linkedin_dm'] });
    const before = (await client.getCredits(user.email)).credits;

    const quote = await client.quoteEnrich({ leads: [maria, kenji, nobody], outputs: [...both] });
    expect(quote).toEqual({
      leads: [
        { leadId: maria.id, credits: 2, storedOutputs: [], refusal: null },
        { leadId: kenji.id, credits: 1, storedOutputs: ['linkedin_dm'], refusal: null },
        { leadId: nobody.id, credits: 0, storedOutputs: [], refusal: MESSAGES.noLeadIdentified },
      ],
      credits: 3,
    });
    expect((await client.getCredits(user.email)).credits).toBe(before);

    // The run: each lead enriched as the widget does; the total charged is the quote.
    let charged = 0;
    for (const lead of [maria, kenji]) charged += (await client.enrich({ lead, outputs: [...both] })).creditsCharged;
    await expect(client.enrich({ lead: nobody, outputs: [...both] })).rejects.toThrow('400');
    expect(charged).toBe(quote.credits);
    expect((await client.getCredits(user.email)).credits).toBe(before - quote.credits);

    // Now everything is stored: the same run is free, and another user's stored answers are not theirs.
    expect((await client.quoteEnrich({ leads: [maria, kenji], outputs: [...both] })).credits).toBe(0);
    const other = await app.signUp('Quote Otto');
    expect((await app.client(other).quoteEnrich({ leads: [maria, kenji], outputs: [...both] })).credits).toBe(4);
  });

  it('asks for a signed-in caller and bounded, valid input', async () => {
    const user = await app.signUp('Quote Bounds');
    const json = { 'Content-Type': 'application/json' };
    const anonymous = await app.fetch('/api/enrich/quote', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ leads: [maria], outputs: ['linkedin_dm'] }),
    });
    expect(anonymous.status).toBe(401);
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ id: `l-${i}`, Company: 'Acme' }));
    for (const body of [
      { leads: [], outputs: ['linkedin_dm'] },
      { leads: [maria], outputs: [] },
      { leads: tooMany, outputs: ['linkedin_dm'] },
    ]) {
      const res = await app.fetch('/api/enrich/quote', { user, method: 'POST', headers: json, body: JSON.stringify(body) });
      expect(res.status).toBe(400);
    }
  });
});
