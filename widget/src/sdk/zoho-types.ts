/**
 * The parts of the Zoho CRM Embedded App SDK (v1.5) the widget uses, as verified in docs/architecture.md#zoho-sdk-facts.
 * No typings exist on npm; these describe the shapes the SDK (and our stand-in) hand over.
 */

/** PageLoad data: a related list gives one id; a list-view button the selected ids. */
export interface ZohoPageLoadData {
  Entity: string;
  EntityId: string | string[];
  ButtonPosition?: string;
}

/** A Leads record: standard fields plus whatever custom fields the org added. */
export interface ZohoRecord {
  id: string;
  [field: string]: unknown;
}

export interface ZohoUser {
  id?: string;
  full_name?: string;
  email?: string;
  [key: string]: unknown;
}

export interface ZohoField {
  api_name: string;
  field_label?: string;
  data_type?: string;
  custom_field?: boolean;
}

/** A record of the Notes related list (`getRelatedRecords` with `RelatedList: 'Notes'`). */
export interface ZohoNoteRecord {
  id?: string;
  Note_Title?: string | null;
  Note_Content?: string | null;
  [field: string]: unknown;
}

export interface ZohoNoteResult {
  code?: string;
  status?: string;
  message?: string;
  details?: { id?: string; [key: string]: unknown };
}

export interface ZohoGlobal {
  embeddedApp: {
    on(event: 'PageLoad', handler: (data: ZohoPageLoadData) => void): void;
    init(): Promise<unknown>;
  };
  CRM: {
    API: {
      getRecord(args: { Entity: string; RecordID: string }): Promise<{ data?: ZohoRecord[] } | undefined>;
      addNotes(args: {
        Entity: string;
        RecordID: string;
        Title: string;
        Content: string;
      }): Promise<{ data?: ZohoNoteResult[] } | undefined>;
      /** A record's related list, one page (Zoho answers no `data` when the list is empty). */
      getRelatedRecords(args: {
        Entity: string;
        RecordID: string;
        RelatedList: string;
        page?: number;
        per_page?: number;
      }): Promise<{ data?: ZohoNoteRecord[] } | undefined>;
    };
    CONFIG: {
      getCurrentUser(): Promise<{ users?: ZohoUser[] } | ZohoUser | undefined>;
    };
    META: {
      getFields(args: { Entity: string }): Promise<{ fields?: ZohoField[] } | undefined>;
    };
    UI: {
      Resize(args: { height: number; width: number }): Promise<unknown>;
    };
  };
}
