import { useQuery } from '@tanstack/react-query';
import { useSignedInUser } from '../../auth/AuthProvider';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { POOL_TEXT } from '@shared/team-pool';
import { isTeamManager, TEAM_MESSAGES as T, TEAM_ROLE_LABELS, TEAM_FAILURES } from '@shared/teams';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { PageHeader } from '../../components/PageHeader';
import { useServices } from '../../core/services';
import { errorText } from '../../lib/errors';
import { AssignmentsCard } from './AssignmentsCard';
import { ConfirmButton } from './ConfirmButton';
import { CreateTeamCard } from './CreateTeamCard';
import { InvitesCard } from './InvitesCard';
import { MembersCard } from './MembersCard';
import { ReportCard } from './ReportCard';
import { TeamBillingCard } from './TeamBillingCard';
import { teamQuery } from '@shared/api/queries/team';
import { useTeamAction } from './use-team-action';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  footer: { display: 'flex', gap: tokens.spacingHorizontalM },
});

/** /team (docs/product.md#teams): members and roles, invitations for owners and admins, or a way to create a team. */
export function TeamScreen() {
  const styles = useStyles();
  const { api } = useServices();
  const query = useQuery(teamQuery(api, useSignedInUser().uid));
  const leave = useTeamAction(
    () => api.leaveTeam(),
    () => T.leftTeam,
    TEAM_FAILURES.leave,
  );
  const remove = useTeamAction(
    () => api.deleteTeam(),
    () => T.teamDeleted,
    TEAM_FAILURES.delete,
  );
  const team = query.data?.team;

  if (query.isPending) return <CenteredSpinner />;
  if (query.isError)
    return (
      <>
        <PageHeader title="Team" />
        <ErrorBar title={TEAM_FAILURES.loadTeam} action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
          {errorText(query.error)}
        </ErrorBar>
      </>
    );
  if (!team)
    return (
      <>
        <PageHeader title="Team" subtitle="Practise and improve together." />
        <CreateTeamCard />
      </>
    );
  return (
    <>
      <PageHeader
        title={team.name}
        // The pool only when it holds credits: an empty one (no team plan) pays for nothing.
        subtitle={`Your role: ${TEAM_ROLE_LABELS[team.role]}${team.credits > 0 ? ` · ${POOL_TEXT.label}: ${team.credits} credits, paid from first for every member's work` : ''}`}
      />
      <div className={styles.stack}>
        <MembersCard team={team} />
        <AssignmentsCard team={team} />
        <ReportCard team={team} />
        {isTeamManager(team.role) ? <InvitesCard /> : null}
        {team.role === 'owner' ? <TeamBillingCard /> : null}
        <div className={styles.footer}>
          {team.role === 'owner' ? (
            <ConfirmButton
              trigger={<Button>Delete team</Button>}
              title={`Delete ${team.name}?`}
              body="Every member leaves the team and its invitations stop working. Members keep their own accounts and credits."
              confirm="Delete team"
              onConfirm={() => remove.mutate(undefined)}
            />
          ) : (
            <ConfirmButton
              trigger={<Button>Leave team</Button>}
              title={`Leave ${team.name}?`}
              body="You lose access to the team at once. An admin can invite you again."
              confirm="Leave team"
              onConfirm={() => leave.mutate(undefined)}
            />
          )}
        </div>
      </div>
    </>
  );
}
