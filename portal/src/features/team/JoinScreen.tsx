import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Body1, Button, Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { TEAM_MESSAGES as T, TEAM_FAILURES } from '@shared/teams';
import { useSignedInUser } from '../../auth/AuthProvider';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { useServices } from '../../core/services';
import { errorText } from '../../lib/errors';
import { queryKeys } from '@shared/api/queries/keys';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM } });

/**
 * /join?token=… (docs/product.md#team-invitations): the invitation link. Behind the gate, so a new
 * person registers and verifies first and comes back here with the token (the gate keeps the query).
 */
export function JoinScreen() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useSignedInUser();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => api.acceptTeamInvite({ token }),
    onSuccess: async ({ team }) => {
      notify({ title: T.joined(team?.name ?? 'the team'), intent: 'success' });
      queryClient.setQueryData(queryKeys.team(user.uid), { team });
      await navigate('/team');
    },
  });
  return (
    <>
      <PageHeader title="Join a team" />
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Team invitation</Subtitle2>} />
        {token ? (
          <Body1>
            You are signed in as <strong>{user.email}</strong>. Accept to join the team that invited this address.
          </Body1>
        ) : (
          <ErrorBar title="No invitation in this link">{T.inviteInvalid}</ErrorBar>
        )}
        {accept.isError ? <ErrorBar title={TEAM_FAILURES.join}>{errorText(accept.error)}</ErrorBar> : null}
        <div className={styles.actions}>
          {token ? (
            <Button appearance="primary" onClick={() => accept.mutate()} disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : 'Accept invitation'}
            </Button>
          ) : null}
          <RouterLink to="/team">Go to the Team page</RouterLink>
        </div>
      </Card>
    </>
  );
}
