import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { PORTAL_MESSAGES } from '@shared/messages';
import type { EnrichmentResult } from '@shared/schemas/enrich';
import { CopyableSection } from '../../components/CopyableSection';
import { formatEnrichmentNote } from '../../leads/enrich-format';
import { WIDGET_TEXT } from '../../app/messages';
import { useSaveNote } from './use-save-note';
import { SaveNoteButton } from './SaveNoteButton';
import { RegenerateButton } from './RegenerateButton';
import { ScriptView } from './ScriptView';

const useStyles = makeStyles({
  col: { display: 'flex', flexDirection: 'column', gap: '8px' },
  text: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: '4px 0 0', lineHeight: '1.45' },
  muted: { color: tokens.colorNeutralForeground3 },
});

function TextBlock({ title, text, testId }: { title: string; text: string; testId: string }) {
  const styles = useStyles();
  return (
    <CopyableSection title={title} copyText={text} testId={testId}>
      <p className={styles.text}>{text}</p>
    </CopyableSection>
  );
}

export interface EnrichResultProps {
  leadId: string;
  result: EnrichmentResult;
  /** 'shown': the lead's earlier result, read back; 'stored': a Generate answered from storage, free; 'generated': written now. */
  origin: 'shown' | 'stored' | 'generated';
  /** The Regenerate action, where the lead and the outputs allow one. */
  regenerate: { cost: number; disabled: boolean; onConfirm(): void } | null;
}

/**
 * An Enrich result: when and how it was written, its texts to copy, saving it to the lead's notes,
 * regenerating it. EnrichPanel loads this module apart from itself: the panel shows with the lead,
 * a result only once an answer is there.
 */
export default function EnrichResult({ leadId, result, origin, regenerate }: EnrichResultProps) {
  const styles = useStyles();
  const note = useSaveNote(leadId, WIDGET_TEXT.notesTitleEnrich, formatEnrichmentNote(result));
  return (
    <div className={styles.col} data-testid="enrich-result">
      <Text size={200} className={styles.muted}>
        {origin === 'shown' ? 'Earlier result, shown without charge' : origin === 'stored' ? PORTAL_MESSAGES.enrichStored : 'Generated'} ·{' '}
        {new Date(result.createdAt).toLocaleString()}
        {result.generator === 'offline' ? ' · written by the offline writer' : ''}
      </Text>
      {result.linkedin_dm && (
        <>
          <TextBlock title="LinkedIn connection note" text={result.linkedin_dm.connectionNote} testId="dm-note" />
          <TextBlock title="LinkedIn message" text={result.linkedin_dm.message} testId="dm-message" />
        </>
      )}
      {result.cold_call_script && <ScriptView script={result.cold_call_script} />}
      <SaveNoteButton state={note.state} onSave={() => void note.save()} />
      {regenerate && <RegenerateButton cost={regenerate.cost} disabled={regenerate.disabled} onConfirm={regenerate.onConfirm} />}
    </div>
  );
}
