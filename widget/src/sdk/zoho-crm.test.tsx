import { describe, expect, it } from 'vitest';
import { createStandInZoho } from '../../dev/standin-zoho';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../dev/sample-leads';
import { createZohoCrm } from './zoho-crm';
import { loadZoho } from './load-zoho';
import { toPageContext } from './page-context';
import { ZohoSdkError } from './zoho-error';
import type { ZohoGlobal } from './zoho-types';

const lead = SAMPLE_LEADS[0]!;

describe('PageLoad', () => {
  it('a related list gives one id as a string: one lead', async () => {
    const { zoho } = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: lead.id }, leads: SAMPLE_LEADS });
    await expect(createZohoCrm(zoho).init()).resolves.toEqual({ entity: 'Leads', leadIds: [lead.id], mode: 'single' });
  });

  it('a list-view button gives an array of ids: many leads', async () => {
    const ids = SAMPLE_LEADS.slice(0, 3).map((l) => l.id);
    const { zoho } = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: ids, ButtonPosition: 'ListView' }, leads: SAMPLE_LEADS });
    await expect(createZohoCrm(zoho).init()).resolves.toEqual({ entity: 'Leads', leadIds: ids, mode: 'bulk', buttonPosition: 'ListView' });
  });

  it('a detail-page button with a one-id array is one lead; duplicates and blanks are dropped', () => {
    expect(toPageContext({ Entity: 'Leads', EntityId: ['7'], ButtonPosition: 'DetailView' }).mode).toBe('single');
    expect(toPageContext({ Entity: 'Leads', EntityId: ['7', '7', ' ', '8'] }).leadIds).toEqual(['7', '8']);
    expect(() => toPageContext({ Entity: 'Leads', EntityId: [] })).toThrow(/No lead is selected/);
  });

  it('PageLoad is registered before init(): an SDK that fires it during init is not missed', async () => {
    const order: string[] = [];
    let handler: ((d: { Entity: string; EntityId: string }) => void) | undefined;
    const zoho = {
      embeddedApp: {
        on: (_e: string, h: typeof handler) => {
          order.push('on');
          handler = h;
        },
        init: async () => {
          order.push('init');
          handler?.({ Entity: 'Leads', EntityId: '42' });
        },
      },
      CRM: { API: {} },
    } as unknown as ZohoGlobal;
    await expect(createZohoCrm(zoho).init()).resolves.toMatchObject({ leadIds: ['42'] });
    expect(order).toEqual(['on', 'init']);
  });

  it('init failing or never sending PageLoad is a clear SDK error', async () => {
    const failing = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], failInit: true });
    await expect(createZohoCrm(failing.zoho).init()).rejects.toThrow(
      /The Zoho CRM connection could not start \(The widget is not allowed on this page\)/,
    );
    const silent = { embeddedApp: { on: () => undefined, init: async () => undefined }, CRM: { API: {} } } as unknown as ZohoGlobal;
    const err = await createZohoCrm(silent, { pageLoadTimeoutMs: 20 })
      .init()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZohoSdkError);
    expect((err as Error).message).toMatch(/did not tell the widget which lead to show/);
  });
});

describe('calls', () => {
  it('getCurrentUser reads both response shapes', async () => {
    for (const userShape of ['users', 'flat'] as const) {
      const { zoho } = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], userShape });
      await expect(createZohoCrm(zoho).getCurrentUser()).resolves.toEqual({
        id: '3000000010001',
        name: 'Sam Seller',
        email: 'sam.seller@example.com',
      });
    }
  });

  it('getRecord returns the record; an unknown id is a clear error', async () => {
    const { zoho } = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: SAMPLE_LEADS });
    const crm = createZohoCrm(zoho);
    await expect(crm.getRecord('Leads', lead.id)).resolves.toMatchObject({ id: lead.id, Company: 'Northwind Logistics' });
    await expect(crm.getRecord('Leads', 'nope')).rejects.toThrow('The lead nope was not found in Zoho CRM');
  });

  it('getFields lists the layout; Resize passes whole pixels', async () => {
    const standIn = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], fields: SAMPLE_LEAD_FIELDS });
    const crm = createZohoCrm(standIn.zoho);
    expect((await crm.getFields('Leads')).map((f) => f.api_name)).toContain('LinkedIn_Profile');
    await crm.resize({ height: 311.2, width: 400 });
    expect(standIn.resizes).toEqual([{ height: 312, width: 400 }]);
  });

  it("addNotes: success gives the note id; a rejection or an error code is a ZohoSdkError with Zoho's words", async () => {
    const ok = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [] });
    await expect(createZohoCrm(ok.zoho).addNote('Leads', '1', { title: 'T', content: 'C' })).resolves.toBe('note-1');
    expect(ok.notes).toEqual([{ entity: 'Leads', recordId: '1', title: 'T', content: 'C', id: 'note-1' }]);

    const rejecting = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], failAddNotes: 'reject' });
    await expect(createZohoCrm(rejecting.zoho).addNote('Leads', '1', { title: 'T', content: 'C' })).rejects.toThrow(
      'The note could not be saved to the lead (Zoho CRM said: permission denied to add notes)',
    );
    const erroring = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], failAddNotes: 'error' });
    await expect(createZohoCrm(erroring.zoho).addNote('Leads', '1', { title: 'T', content: 'C' })).rejects.toThrow(
      'The note could not be saved to the lead (Zoho CRM said: the note title is too long)',
    );
  });
});

describe('listNotes', () => {
  it("reads the record's Notes related list; an empty list (no data) is none; a failure is a ZohoSdkError", async () => {
    const note = { entity: 'Leads', recordId: '1', title: 'T', content: 'C', id: 'note-7' };
    const other = { ...note, recordId: '2', id: 'note-8', content: 'D' };
    const standIn = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], notes: [note, other] });
    const crm = createZohoCrm(standIn.zoho);
    expect(await crm.listNotes('Leads', '1')).toEqual([{ title: 'T', content: 'C' }]);
    expect(await crm.listNotes('Leads', '3')).toEqual([]);
    const failing = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [], failListNotes: true });
    await expect(createZohoCrm(failing.zoho).listNotes('Leads', '1')).rejects.toThrow(
      'The notes of the lead could not be read (Zoho CRM said: permission denied to read notes)',
    );
  });
});

describe('loadZoho', () => {
  it('uses a ZOHO global already on the page', async () => {
    const { zoho } = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: '1' }, leads: [] });
    window.ZOHO = zoho;
    try {
      await expect(loadZoho()).resolves.toBe(zoho);
    } finally {
      delete window.ZOHO;
    }
  });

  it('without a ZOHO global or stand-in, a script that never loads is a clear error', async () => {
    const err = await loadZoho({ sdkUrl: 'https://sdk.invalid/ZohoEmbededAppSDK.min.js', timeoutMs: 30 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZohoSdkError);
    expect((err as Error).message).toBe(
      'The Zoho CRM SDK could not be loaded from https://sdk.invalid/ZohoEmbededAppSDK.min.js (timed out). Check your connection and reload the page.',
    );
    expect(document.querySelector('script[src="https://sdk.invalid/ZohoEmbededAppSDK.min.js"]')).not.toBeNull();
  });
});
