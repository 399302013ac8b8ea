import { useCallback, useState } from 'react';
import { ZohoSdkError } from '../../sdk/zoho-error';
import { useWidget } from '../../app/widget-context';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

/** addNotes on the current lead, with its outcome for the UI. */
export function useSaveNote(leadId: string) {
  const { crm, page } = useWidget();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const save = useCallback(
    async (title: string, content: string) => {
      setState({ status: 'saving' });
      try {
        await crm.addNote(page.entity, leadId, { title, content });
        setState({ status: 'saved' });
      } catch (err) {
        setState({ status: 'failed', message: err instanceof ZohoSdkError ? err.message : `The note could not be saved: ${String(err)}` });
      }
    },
    [crm, page.entity, leadId],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, save, reset };
}
