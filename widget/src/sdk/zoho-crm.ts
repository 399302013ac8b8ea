import type { ZohoField, ZohoGlobal, ZohoPageLoadData, ZohoRecord, ZohoUser } from './zoho-types';
import { describeSdkFailure, ZohoSdkError } from './zoho-error';
import { toPageContext, type PageContext } from './page-context';

export interface CrmUser {
  id: string | null;
  name: string | null;
  email: string | null;
}

/** The typed face of the Embedded App SDK the rest of the widget uses. */
export interface ZohoCrm {
  /** Registers PageLoad, then initialises the SDK; resolves with the first PageLoad. */
  init(): Promise<PageContext>;
  getRecord(entity: string, id: string): Promise<ZohoRecord>;
  getCurrentUser(): Promise<CrmUser | null>;
  getFields(entity: string): Promise<ZohoField[]>;
  resize(size: { height: number; width: number }): Promise<void>;
  /** Adds a note to a record; resolves with the note's id. */
  addNote(entity: string, recordId: string, note: { title: string; content: string }): Promise<string | null>;
  /** The record's notes (the first NOTES_PAGE_SIZE, newest first as Zoho sorts them). */
  listNotes(entity: string, recordId: string): Promise<{ title: string; content: string }[]>;
}

/** Zoho's largest page of a related list. */
export const NOTES_PAGE_SIZE = 200;

export interface ZohoCrmOptions {
  /** How long to wait for Zoho's PageLoad after init (ms). */
  pageLoadTimeoutMs?: number;
}

/** Copy what crossed from another window (the stand-in lives in the parent page) into plain local data. */
function plain<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

async function call<T>(operation: string, message: string, fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ZohoSdkError) throw err;
    throw new ZohoSdkError(`${message} (Zoho CRM said: ${describeSdkFailure(err)})`, operation, err);
  }
}

export function createZohoCrm(zoho: ZohoGlobal, options: ZohoCrmOptions = {}): ZohoCrm {
  const timeoutMs = options.pageLoadTimeoutMs ?? 15_000;
  let initOnce: Promise<PageContext> | null = null;

  return {
    init() {
      initOnce ??= new Promise<PageContext>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new ZohoSdkError('Zoho CRM did not tell the widget which lead to show. Reload the page and try again.', 'PageLoad')),
          timeoutMs,
        );
        try {
          // PageLoad must be registered before init(), or the first event is lost (docs/architecture.md#zoho-sdk-facts).
          zoho.embeddedApp.on('PageLoad', (data: ZohoPageLoadData) => {
            clearTimeout(timer);
            try {
              resolve(toPageContext(plain(data)));
            } catch (err) {
              reject(err);
            }
          });
          Promise.resolve(zoho.embeddedApp.init()).catch((err: unknown) => {
            clearTimeout(timer);
            reject(new ZohoSdkError(`The Zoho CRM connection could not start (${describeSdkFailure(err)}).`, 'init', err));
          });
        } catch (err) {
          clearTimeout(timer);
          reject(new ZohoSdkError(`The Zoho CRM connection could not start (${describeSdkFailure(err)}).`, 'init', err));
        }
      });
      return initOnce;
    },

    async getRecord(entity, id) {
      const res = await call('getRecord', `The lead ${id} could not be read from Zoho CRM`, () =>
        zoho.CRM.API.getRecord({ Entity: entity, RecordID: id }),
      );
      const record = plain(res)?.data?.[0];
      if (!record || typeof record !== 'object') {
        throw new ZohoSdkError(
          `The lead ${id} was not found in Zoho CRM (it may have been deleted or you may not have access).`,
          'getRecord',
        );
      }
      return { ...record, id: String(record.id ?? id) };
    },

    async getCurrentUser() {
      const res = plain(
        await call('getCurrentUser', 'The current Zoho CRM user could not be read', () => zoho.CRM.CONFIG.getCurrentUser()),
      );
      // Both shapes occur: { users: [user] } and the user itself.
      const user: ZohoUser | undefined = res && 'users' in res && Array.isArray(res.users) ? res.users[0] : (res as ZohoUser | undefined);
      if (!user || typeof user !== 'object') return null;
      const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
      return { id: str(user.id), name: str(user.full_name), email: str(user.email) };
    },

    async getFields(entity) {
      const res = plain(
        await call('getFields', 'The lead fields could not be read from Zoho CRM', () => zoho.CRM.META.getFields({ Entity: entity })),
      );
      return Array.isArray(res?.fields) ? res.fields.filter((f) => f && typeof f.api_name === 'string') : [];
    },

    async resize({ height, width }) {
      await call('Resize', 'The widget could not be resized', () =>
        zoho.CRM.UI.Resize({ height: Math.ceil(height), width: Math.ceil(width) }),
      );
    },

    async addNote(entity, recordId, note) {
      const res = plain(
        await call('addNotes', 'The note could not be saved to the lead', () =>
          zoho.CRM.API.addNotes({ Entity: entity, RecordID: recordId, Title: note.title, Content: note.content }),
        ),
      );
      const first = res?.data?.[0];
      if (!first || first.code !== 'SUCCESS') {
        const why = first?.message ?? first?.code ?? 'no confirmation';
        throw new ZohoSdkError(`The note could not be saved to the lead (Zoho CRM said: ${why})`, 'addNotes', res);
      }
      return typeof first.details?.id === 'string' ? first.details.id : null;
    },

    async listNotes(entity, recordId) {
      const res = plain(
        await call('getRelatedRecords', 'The notes of the lead could not be read', () =>
          zoho.CRM.API.getRelatedRecords({ Entity: entity, RecordID: recordId, RelatedList: 'Notes', page: 1, per_page: NOTES_PAGE_SIZE }),
        ),
      );
      const notes = Array.isArray(res?.data) ? res.data : [];
      return notes.map((n) => ({ title: n?.Note_Title ?? '', content: n?.Note_Content ?? '' }));
    },
  };
}
