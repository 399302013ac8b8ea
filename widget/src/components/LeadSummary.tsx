import { useEffect } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Lead } from '@shared/schemas/enrich';
import { leadName, missingFields } from '../leads/lead-data';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '8px 10px',
    marginBottom: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  missing: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** Who the lead is, in three lines, and which useful fields are empty in the CRM. */
/** User Timing mark set when a lead first shows: the benchmark counts the scripts requested before it. */
export const LEAD_SHOWN_MARK = 'icebreak:lead-shown';

export function LeadSummary({ lead }: { lead: Lead }) {
  useEffect(() => {
    if (performance.getEntriesByName(LEAD_SHOWN_MARK).length === 0) performance.mark(LEAD_SHOWN_MARK);
  }, []);
  const styles = useStyles();
  const role = [lead.Designation, lead.Company].filter(Boolean).join(' · ');
  const place = [lead.City, lead.State, lead.Country].filter(Boolean).join(', ');
  const contact = [lead.Email, lead.Phone].filter(Boolean).join(' · ');
  const missing = missingFields(lead);
  return (
    <section className={styles.box} aria-label="Lead summary" data-testid="lead-summary">
      <Text weight="semibold" size={400}>
        {leadName(lead) ?? 'Unnamed lead'}
      </Text>
      {role && <Text>{role}</Text>}
      {(place || lead.Industry) && <Text className={styles.muted}>{[lead.Industry, place].filter(Boolean).join(' · ')}</Text>}
      {contact && (
        <Text size={200} className={styles.muted}>
          {contact}
        </Text>
      )}
      {missing.length > 0 && (
        <Text size={200} className={styles.missing} data-testid="missing-fields">
          Missing in CRM: {missing.join(', ')}
        </Text>
      )}
    </section>
  );
}
