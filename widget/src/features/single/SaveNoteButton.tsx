import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { WIDGET_TEXT } from '../../app/messages';
import type { SaveState } from './use-save-note';

/** "Save to lead notes" and whether it worked. */
export function SaveNoteButton({ state, onSave }: { state: SaveState; onSave(): void }) {
  return (
    <>
      <Button appearance="secondary" disabled={state.status === 'saving'} onClick={onSave}>
        {state.status === 'saving' ? 'Saving…' : 'Save to lead notes'}
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
