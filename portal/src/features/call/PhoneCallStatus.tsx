import { Badge, Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { FINAL_CALL_STATUSES } from '@shared/schemas';
import { useSignedInUser } from '../../auth/AuthProvider';
import { callQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { RouterLink } from '../../components/RouterLink';
import { statusColor, statusLabel } from './call-format';

const POLL_MS = 3000;

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** The phone call just placed, followed until Twilio reports a final status (then its log entry has the feedback). */
export function PhoneCallStatus({ callId }: { callId: string }) {
  const styles = useStyles();
  const { api } = useServices();
  const { uid } = useSignedInUser();
  const call = useQuery({
    ...callQuery(api, uid, callId),
    refetchInterval: (q) => (q.state.data && FINAL_CALL_STATUSES.includes(q.state.data.status) ? false : POLL_MS),
  });
  return (
    <div className={styles.row} aria-live="polite">
      {call.data ? (
        <>
          <Body1>Your call:</Body1>
          <Badge appearance="tint" color={statusColor(call.data.status)}>
            {statusLabel(call.data.status)}
          </Badge>
          {call.data.errorMessage ? <Body1>{call.data.errorMessage}</Body1> : null}
        </>
      ) : null}
      <RouterLink to={`/call-logs/${callId}`}>Follow it in Call Logs</RouterLink>
    </div>
  );
}
