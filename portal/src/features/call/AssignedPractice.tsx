import { useQuery } from '@tanstack/react-query';
import { useSignedInUser } from '../../auth/AuthProvider';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ASSIGNMENT_STATUS_LABELS } from '@shared/teams';
import { useServices } from '../../core/services';
import { teamAssignmentsQuery, teamQuery } from '@shared/api/queries/team';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Practice the caller's team assigned them (docs/product.md#assigned-practice): scenario, due date,
 * best score so far. Choosing one selects its scenario for the call below. Nothing shows outside a team.
 */
export function AssignedPractice({ onChoose }: { onChoose: (scenarioId: string) => void }) {
  const { api } = useServices();
  const { uid } = useSignedInUser();
  // Not in a team (404) or none assigned: the card is simply absent.
  const query = useQuery(teamAssignmentsQuery(api, uid));
  // Owners and admins are answered every assignee's row: only the caller's own are theirs to practise.
  const me = useQuery({ ...teamQuery(api, uid), retry: false }).data?.team?.me;
  const mine = (query.data?.assignments ?? []).flatMap((a) => a.members.filter((m) => m.userId === me).map((m) => ({ a, m })));
  if (mine.length === 0) return null;
  return (
    <Card>
      <CardHeader header={<Subtitle1 as="h2">Assigned practice</Subtitle1>} />
      <Table aria-label="Assigned practice" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Scenario</TableHeaderCell>
            <TableHeaderCell>Due</TableHeaderCell>
            <TableHeaderCell>Score to reach</TableHeaderCell>
            <TableHeaderCell>Best score</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Action</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mine.map(({ a, m }) => (
            <TableRow key={a.id}>
              <TableCell>{a.scenarioTitle}</TableCell>
              <TableCell>{dateOf(a.dueAt)}</TableCell>
              <TableCell>{a.minScore}</TableCell>
              <TableCell>{m.bestScore ?? '–'}</TableCell>
              <TableCell>
                <Badge color={m.status === 'done' ? 'success' : m.status === 'overdue' ? 'danger' : 'informative'}>
                  {ASSIGNMENT_STATUS_LABELS[m.status]}
                </Badge>
              </TableCell>
              <TableCell>
                {m.status === 'done' ? null : (
                  <Button size="small" onClick={() => onChoose(a.scenarioId)}>
                    Practise this
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
