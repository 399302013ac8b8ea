import type { ZohoCrm } from '../sdk/zoho-crm';

export type NoteProgress = 'saving' | 'saved';

interface Book {
  /** By lead and exact text: saving, or saved (by this widget or found on the lead). */
  progress: Map<string, NoteProgress>;
  /** The keys of the notes each lead had when first read, read once per lead. */
  found: Map<string, Promise<Set<string>>>;
}

/**
 * The notes saved or being saved, per Zoho connection, by lead and exact text: one result is
 * written to a lead once, however often Save is pressed, however many tabs or a bulk run ask (a
 * lead once ended with three copies), and also after the widget is closed and opened again: the
 * lead's own notes in Zoho are read before the first write. A failed save is forgotten.
 */
const books = new WeakMap<ZohoCrm, Book>();

function book(crm: ZohoCrm): Book {
  let b = books.get(crm);
  if (!b) books.set(crm, (b = { progress: new Map(), found: new Map() }));
  return b;
}

// Zoho may hand back line ends as CRLF and trims the text: compare what a person would see.
const sameText = (text: string) => text.replace(/\r\n/g, '\n').trim();
const keyOf = (entity: string, leadId: string, title: string, content: string) =>
  JSON.stringify([entity, leadId, sameText(title), sameText(content)]);

/**
 * The notes the lead already has in Zoho, read once per lead and remembered as saved. A failed read
 * counts as none, and is tried again next time: saving a second copy beats losing the note.
 */
export function loadSavedNotes(crm: ZohoCrm, entity: string, leadId: string): Promise<Set<string>> {
  const { progress, found } = book(crm);
  const lead = JSON.stringify([entity, leadId]);
  let keys = found.get(lead);
  if (!keys) {
    keys = crm.listNotes(entity, leadId).then(
      (notes) => {
        const read = new Set(notes.map((n) => keyOf(entity, leadId, n.title, n.content)));
        for (const key of read) if (!progress.has(key)) progress.set(key, 'saved');
        return read;
      },
      () => {
        found.delete(lead);
        return new Set<string>();
      },
    );
    found.set(lead, keys);
  }
  return keys;
}

/** Whether this note is being saved or was saved to the lead; undefined when neither (or not known yet). */
export function noteProgress(crm: ZohoCrm, entity: string, leadId: string, title: string, content: string): NoteProgress | undefined {
  return book(crm).progress.get(keyOf(entity, leadId, title, content));
}

/** Save the note unless it was saved, is being saved, or the lead already has it; true when this call wrote it. */
export async function addNoteOnce(
  crm: ZohoCrm,
  entity: string,
  leadId: string,
  note: { title: string; content: string },
): Promise<boolean> {
  const { progress } = book(crm);
  const key = keyOf(entity, leadId, note.title, note.content);
  // Marked before the first await, so a second click or a concurrent call sees it.
  if (progress.has(key)) return false;
  progress.set(key, 'saving');
  try {
    if ((await loadSavedNotes(crm, entity, leadId)).has(key)) {
      progress.set(key, 'saved');
      return false;
    }
    await crm.addNote(entity, leadId, note);
    progress.set(key, 'saved');
    return true;
  } catch (err) {
    progress.delete(key);
    throw err;
  }
}
