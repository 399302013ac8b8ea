import { useCallback, useEffect, useState } from 'react';
import { ZohoSdkError } from '../../sdk/zoho-error';
import { useWidget } from '../../app/widget-context';
import { addNoteOnce, loadSavedNotes, noteProgress } from '../../leads/notes-once';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

/**
 * addNotes on the current lead for this text, with its outcome for the UI. Idempotent per text: a
 * note saved (or being saved) shows as such, also after the panel is left and opened again, and
 * a text the lead already has in Zoho (saved in an earlier session) shows as saved.
 */
export function useSaveNote(leadId: string, title: string, content: string) {
  const { crm, page } = useWidget();
  const [failure, setFailure] = useState<{ content: string; message: string } | null>(null);
  // Re-render when a save settles (the state itself lives in notes-once).
  const [, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void loadSavedNotes(crm, page.entity, leadId).then(() => live && setTick((t) => t + 1));
    return () => {
      live = false;
    };
  }, [crm, page.entity, leadId]);
  const progress = noteProgress(crm, page.entity, leadId, title, content);
  const state: SaveState = progress
    ? { status: progress }
    : failure?.content === content
      ? { status: 'failed', message: failure.message }
      : { status: 'idle' };
  const save = useCallback(async () => {
    setFailure(null);
    const saving = addNoteOnce(crm, page.entity, leadId, { title, content });
    setTick((t) => t + 1);
    try {
      await saving;
    } catch (err) {
      setFailure({ content, message: err instanceof ZohoSdkError ? err.message : `The note could not be saved: ${String(err)}` });
    }
    setTick((t) => t + 1);
  }, [crm, page.entity, leadId, title, content]);
  return { state, save };
}
