import type { ZohoCrm } from '../sdk/zoho-crm';

export type NoteProgress = 'saving' | 'saved';

/**
 * The notes this widget saved or is saving, per Zoho connection, by lead and exact text: one result
 * is written to a lead once, however often Save is pressed, however many tabs or a bulk run ask
 * (a lead once ended with three copies). Held while the widget is open; a failed save is forgotten.
 */
const notesOf = new WeakMap<ZohoCrm, Map<string, NoteProgress>>();

function book(crm: ZohoCrm): Map<string, NoteProgress> {
  let notes = notesOf.get(crm);
  if (!notes) notesOf.set(crm, (notes = new Map()));
  return notes;
}

const keyOf = (entity: string, leadId: string, title: string, content: string) => JSON.stringify([entity, leadId, title, content]);

/** Whether this note is being saved or was saved to the lead; undefined when neither. */
export function noteProgress(crm: ZohoCrm, entity: string, leadId: string, title: string, content: string): NoteProgress | undefined {
  return book(crm).get(keyOf(entity, leadId, title, content));
}

/** Save the note unless it was saved or is being saved; true when this call wrote it. */
export async function addNoteOnce(
  crm: ZohoCrm,
  entity: string,
  leadId: string,
  note: { title: string; content: string },
): Promise<boolean> {
  const notes = book(crm);
  const key = keyOf(entity, leadId, note.title, note.content);
  // Marked before the first await, so a second click or a concurrent call sees it.
  if (notes.has(key)) return false;
  notes.set(key, 'saving');
  try {
    await crm.addNote(entity, leadId, note);
    notes.set(key, 'saved');
    return true;
  } catch (err) {
    notes.delete(key);
    throw err;
  }
}
