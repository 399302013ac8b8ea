import { useState } from 'react';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Body1,
  Button,
  Card,
  CardHeader,
  Field,
  Input,
  Select,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MESSAGES } from '@shared/messages';
import type { TeamInvite } from '@shared/schemas';
import { ASSIGNABLE_ROLES, TEAM_LIMITS, TEAM_MESSAGES as T, TEAM_ROLE_LABELS, type AssignableRole, TEAM_FAILURES } from '@shared/teams';
import { ErrorBar } from '../../components/ErrorBar';
import { useServices } from '../../core/services';
import { errorText } from '../../lib/errors';
import { ConfirmButton } from './ConfirmButton';
import { teamInvitesQuery } from '@shared/api/queries/team';
import { useTeamAction } from './use-team-action';

const useStyles = makeStyles({
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  email: { minWidth: '260px', flexGrow: 1 },
});

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Owners and admins: invite by e-mail with a role, and resend or withdraw open invitations. */
export function InvitesCard() {
  const styles = useStyles();
  const { api } = useServices();
  const invites = useQuery(teamInvitesQuery(api, useSignedInUser().uid));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [error, setError] = useState<string>();
  const invite = useTeamAction(
    (a: { email: string; role: AssignableRole }) => api.inviteToTeam(a),
    (a) => T.inviteSent(a.email),
    TEAM_FAILURES.invite,
  );
  const resend = useTeamAction(
    (i: TeamInvite) => api.resendTeamInvite(i.id),
    (i) => T.inviteSent(i.email),
    TEAM_FAILURES.resend,
  );
  const revoke = useTeamAction(
    (i: TeamInvite) => api.revokeTeamInvite(i.id),
    () => T.inviteRevokedDone,
    TEAM_FAILURES.revoke,
  );

  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Invitations</Subtitle2>} />
      <Body1>An invitation link works once and expires after {TEAM_LIMITS.inviteDays} days; resending it starts the days again.</Body1>
      <form
        className={styles.form}
        // Our own messages, not the browser's bubbles: the same text as the server's.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError(MESSAGES.emailInvalid);
          setError(undefined);
          invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
        }}
      >
        <Field label="E-mail address" required validationMessage={error} className={styles.email}>
          <Input type="email" value={email} onChange={(_e, d) => setEmail(d.value)} placeholder="colleague@company.com" />
        </Field>
        <Field label="Role">
          <Select value={role} onChange={(_e, d) => setRole(d.value as AssignableRole)}>
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {TEAM_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" appearance="primary" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      {invites.isError ? (
        <ErrorBar title={TEAM_FAILURES.loadInvites} action={<Button onClick={() => void invites.refetch()}>Try again</Button>}>
          {errorText(invites.error)}
        </ErrorBar>
      ) : invites.data && invites.data.invites.length > 0 ? (
        <Table aria-label="Open invitations" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>E-mail</TableHeaderCell>
              <TableHeaderCell>Role</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Invited by</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invites.data.invites.map((i) => (
              <TableRow key={i.id}>
                <TableCell>{i.email}</TableCell>
                <TableCell>{TEAM_ROLE_LABELS[i.role]}</TableCell>
                <TableCell>
                  {i.status === 'expired' ? (
                    <Badge color="danger">Expired</Badge>
                  ) : (
                    <Badge appearance="outline">Pending until {dateOf(i.expiresAt)}</Badge>
                  )}
                </TableCell>
                <TableCell>{i.invitedBy}</TableCell>
                <TableCell>
                  <Button appearance="subtle" onClick={() => resend.mutate(i)} disabled={resend.isPending}>
                    Resend
                  </Button>
                  <ConfirmButton
                    trigger={<Button appearance="subtle">Withdraw</Button>}
                    title={`Withdraw the invitation to ${i.email}?`}
                    body="Its link stops working at once."
                    confirm="Withdraw"
                    onConfirm={() => revoke.mutate(i)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : invites.isSuccess ? (
        <Body1>No open invitations.</Body1>
      ) : null}
    </Card>
  );
}
