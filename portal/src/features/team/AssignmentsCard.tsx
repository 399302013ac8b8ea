import { useState } from 'react';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Body1,
  Button,
  Card,
  CardHeader,
  Caption1,
  Checkbox,
  Field,
  Input,
  Label,
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
import type { Team } from '@shared/schemas';
import { ASSIGNMENT_STATUS_LABELS, isTeamManager, TEAM_MESSAGES as T, TEAM_FAILURES } from '@shared/teams';
import { ErrorBar } from '../../components/ErrorBar';
import { useServices } from '../../core/services';
import { teamAssignmentsQuery } from '@shared/api/queries/team';
import { errorText } from '../../lib/errors';
import { ScenarioSelect } from '../../components/ScenarioSelect';
import { useTeamAction } from './use-team-action';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '520px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  members: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  submit: { alignSelf: 'flex-start' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const DEFAULT_MIN_SCORE = 70;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
/** The end of the chosen day, in the browser's zone: "due on the 31st" includes the 31st. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/** Assigned practice on /team: owners and admins assign and follow everyone; members see their own. */
export function AssignmentsCard({ team }: { team: Team }) {
  const styles = useStyles();
  const { api } = useServices();
  const manager = isTeamManager(team.role);
  const assignments = useQuery(teamAssignmentsQuery(api, useSignedInUser().uid));
  const [scenarioId, setScenarioId] = useState('');
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [day, setDay] = useState('');
  const [minScore, setMinScore] = useState(String(DEFAULT_MIN_SCORE));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assign = useTeamAction(
    (body: Parameters<typeof api.assignPractice>[0]) => api.assignPractice(body),
    (body) => T.assignedTo(body.memberIds.length),
    TEAM_FAILURES.assign,
  );

  function submit() {
    const found: Record<string, string> = {};
    if (!scenarioId) found.scenario = T.scenarioUnknown;
    if (memberIds.length === 0) found.members = T.membersRequired;
    if (!day || new Date(endOfDay(day)) <= new Date()) found.day = T.dueInPast;
    const score = Number(minScore);
    if (!Number.isInteger(score) || score < 0 || score > 100) found.score = 'Enter a whole number from 0 to 100';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    assign.mutate({ scenarioId, memberIds, dueAt: endOfDay(day), minScore: score }, { onSuccess: () => setMemberIds([]) });
  }

  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Assigned practice</Subtitle2>} />
      {manager ? (
        <form
          className={styles.form}
          aria-label="Assign practice"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <ScenarioSelect
            label="Scenario"
            required
            emptyOption="Choose a scenario"
            value={scenarioId}
            onChange={setScenarioId}
            loadFailed={T.scenariosFailed}
            error={errors.scenario}
          />
          {/* A group, not a Field: inside a Field every checkbox would take the field's label as its name. */}
          <div role="group" aria-labelledby="assign-members-label">
            <Label id="assign-members-label" required>
              Members
            </Label>
            <div className={styles.members}>
              {team.members.map((m) => (
                <Checkbox
                  key={m.userId}
                  label={m.name}
                  checked={memberIds.includes(m.userId)}
                  onChange={(_e, d) => setMemberIds((ids) => (d.checked ? [...ids, m.userId] : ids.filter((id) => id !== m.userId)))}
                />
              ))}
            </div>
            {errors.members ? <Caption1 className={styles.error}>{errors.members}</Caption1> : null}
          </div>
          <div className={styles.row}>
            <Field label="Due date" required validationMessage={errors.day}>
              <Input type="date" value={day} onChange={(_e, d) => setDay(d.value)} />
            </Field>
            <Field label="Score to reach (0–100)" required validationMessage={errors.score}>
              <Input type="number" min={0} max={100} value={minScore} onChange={(_e, d) => setMinScore(d.value)} />
            </Field>
          </div>
          <Button type="submit" appearance="primary" className={styles.submit} disabled={assign.isPending}>
            {assign.isPending ? 'Assigning…' : 'Assign practice'}
          </Button>
        </form>
      ) : null}
      {assignments.isError && manager ? (
        <ErrorBar title={TEAM_FAILURES.loadAssignments} action={<Button onClick={() => void assignments.refetch()}>Try again</Button>}>
          {errorText(assignments.error)}
        </ErrorBar>
      ) : assignments.data && assignments.data.assignments.length > 0 ? (
        <Table aria-label="Assignments" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Scenario</TableHeaderCell>
              <TableHeaderCell>Due</TableHeaderCell>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell>Best score</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {assignments.data.assignments.flatMap((a) =>
              a.members.map((m) => (
                <TableRow key={`${a.id}:${m.userId}`}>
                  <TableCell>{a.scenarioTitle}</TableCell>
                  <TableCell>{dateOf(a.dueAt)}</TableCell>
                  <TableCell>{m.name}</TableCell>
                  <TableCell>
                    {m.bestScore ?? '–'} / {a.minScore}
                  </TableCell>
                  <TableCell>
                    <Badge color={m.status === 'done' ? 'success' : m.status === 'overdue' ? 'danger' : 'informative'}>
                      {ASSIGNMENT_STATUS_LABELS[m.status]}
                    </Badge>
                  </TableCell>
                </TableRow>
              )),
            )}
          </TableBody>
        </Table>
      ) : assignments.isSuccess ? (
        <Body1>{manager ? 'No practice assigned yet.' : 'No practice is assigned to you. Practise any time on the Call page.'}</Body1>
      ) : null}
    </Card>
  );
}
