import { useState } from 'react';
import { Body1, Button, Card, CardHeader, Field, Input, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { TEAM_LIMITS, TEAM_MESSAGES as T, TEAM_FAILURES } from '@shared/teams';
import { useServices } from '../../core/services';
import { useTeamAction } from './use-team-action';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  submit: { alignSelf: 'flex-start' },
});

/** For someone in no team: create one (they become its owner), or follow an invitation's link. */
export function CreateTeamCard() {
  const styles = useStyles();
  const { api } = useServices();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useTeamAction(
    (teamName: string) => api.createTeam({ name: teamName }),
    () => T.teamCreated,
    TEAM_FAILURES.create,
  );
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Create a team</Subtitle2>} />
      <Body1>
        You are not in a team yet. Create one to invite colleagues, assign practice and follow their progress; you will be its owner.
        Invited to a team? Open the link in the invitation e-mail.
      </Body1>
      <form
        className={styles.form}
        // Our own messages, not the browser's bubbles: the same text as the server's.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return setError(T.nameRequired);
          setError(undefined);
          create.mutate(name.trim());
        }}
      >
        <Field label="Team name" required validationMessage={error}>
          <Input value={name} maxLength={TEAM_LIMITS.name} onChange={(_e, d) => setName(d.value)} placeholder="e.g. Northwind Sales" />
        </Field>
        <Button type="submit" appearance="primary" className={styles.submit} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create team'}
        </Button>
      </form>
    </Card>
  );
}
