import type { ZohoField, ZohoGlobal, ZohoPageLoadData, ZohoRecord } from '../src/sdk/zoho-types';

/** A note the widget wrote through `ZOHO.CRM.API.addNotes`. */
export interface RecordedNote {
  entity: string;
  recordId: string;
  title: string;
  content: string;
  id: string;
}

export interface StandInOptions {
  pageLoad: ZohoPageLoadData;
  leads: ZohoRecord[];
  fields?: ZohoField[];
  /** getCurrentUser answers `{users: [user]}` (Zoho's usual) or the flat user. */
  userShape?: 'users' | 'flat';
  /** Notes the leads already have (saved in an earlier session, or by hand). */
  notes?: RecordedNote[];
  /** Make getRelatedRecords reject (e.g. the user may not read notes). */
  failListNotes?: boolean;
  /** Make addNotes fail: 'reject' rejects, 'error' answers with an error code. */
  failAddNotes?: false | 'reject' | 'error';
  failInit?: boolean;
  onNote?(note: RecordedNote): void;
  onResize?(size: { height: number; width: number }): void;
}

export interface StandIn {
  zoho: ZohoGlobal;
  notes: RecordedNote[];
  resizes: { height: number; width: number }[];
  options: StandInOptions;
}

/** A ZOHO global with the Embedded App SDK's shapes (docs/architecture.md#zoho-sdk-facts), backed by sample data in memory. */
export function createStandInZoho(options: StandInOptions): StandIn {
  const notes: RecordedNote[] = [...(options.notes ?? [])];
  const resizes: { height: number; width: number }[] = [];
  const handlers: ((data: ZohoPageLoadData) => void)[] = [];
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

  const zoho: ZohoGlobal = {
    embeddedApp: {
      on(event, handler) {
        if (event === 'PageLoad') handlers.push(handler);
      },
      async init() {
        if (options.failInit) throw { code: 'INIT_FAILED', message: 'The widget is not allowed on this page' };
        // Zoho sends PageLoad after init; a handler registered later would miss it.
        setTimeout(() => handlers.forEach((h) => h(structuredClone(options.pageLoad))), 0);
        return true;
      },
    },
    CRM: {
      API: {
        async getRecord({ Entity, RecordID }) {
          const lead = options.leads.find((l) => l.id === RecordID);
          if (Entity !== 'Leads' || !lead) return later({ data: [] });
          return later({ data: [structuredClone(lead)] });
        },
        async getRelatedRecords({ Entity, RecordID, RelatedList }) {
          if (options.failListNotes) throw { code: 'NO_PERMISSION', message: 'permission denied to read notes' };
          const of = RelatedList === 'Notes' ? notes.filter((n) => n.entity === Entity && n.recordId === RecordID) : [];
          // Zoho answers 204 No Content for an empty related list: the SDK hands over no data.
          if (!of.length) return later(undefined);
          return later({ data: of.map((n) => ({ id: n.id, Note_Title: n.title, Note_Content: n.content })).reverse() });
        },
        async addNotes({ Entity, RecordID, Title, Content }) {
          if (options.failAddNotes === 'reject') {
            throw { code: 'NO_PERMISSION', message: 'permission denied to add notes' };
          }
          if (options.failAddNotes === 'error') {
            return later({ data: [{ code: 'INVALID_DATA', status: 'error', message: 'the note title is too long' }] });
          }
          const note: RecordedNote = { entity: Entity, recordId: RecordID, title: Title, content: Content, id: `note-${notes.length + 1}` };
          notes.push(note);
          options.onNote?.(note);
          return later({ data: [{ code: 'SUCCESS', status: 'success', message: 'record added', details: { id: note.id } }] });
        },
      },
      CONFIG: {
        async getCurrentUser() {
          const user = { id: '3000000010001', full_name: 'Sam Seller', email: 'sam.seller@example.com' };
          return later(options.userShape === 'flat' ? user : { users: [user] });
        },
      },
      META: {
        async getFields() {
          return later({ fields: structuredClone(options.fields ?? []) });
        },
      },
      UI: {
        async Resize(size) {
          resizes.push(size);
          options.onResize?.(size);
          return later(true);
        },
      },
    },
  };
  return { zoho, notes, resizes, options };
}
