import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { WIDGET_TEXT } from '../../app/messages';
import type { SaveState } from './use-save-note';

/** "Save to lead notes" and whether it worked; once saved, it stays "Saved to notes" (a result is saved once). */
export function SaveNoteButton({ state, onSave }: { state: SaveState; onSave(): void }) {
  const label = state.status === 'saving' ? 'Saving…' : state.status === 'saved' ? WIDGET_TEXT.savedToNotes : 'Save to lead notes';
  return (
    <>
      <Button appearance="secondary" disabled={state.status === 'saving' || state.status === 'saved'} onClick={onSave}>
        {label}
      </Button>
      {state.status === 'saved' && (
        <MessageBar intent="success" data-testid="note-saved">
          <MessageBarBody>{WIDGET_TEXT.noteSaved}</MessageBarBody>
        </MessageBar>
      )}
      {state.status === 'failed' && (
        <MessageBar intent="error" layout="multiline" data-testid="note-failed">
          <MessageBarBody>
            <MessageBarTitle>Note not saved</MessageBarTitle>
            {state.message}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
