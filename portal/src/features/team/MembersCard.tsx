import {
  Badge,
  Button,
  Caption1,
  Card,
  CardHeader,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { MoreHorizontal20Regular } from '@fluentui/react-icons';
import type { Team, TeamMember } from '@shared/schemas';
import { useState } from 'react';
import { isTeamManager, TEAM_MESSAGES as T, TEAM_ROLE_LABELS, TEAM_FAILURES } from '@shared/teams';
import { useServices } from '../../core/services';
import { CapDialog } from './CapDialog';
import { ConfirmButton } from './ConfirmButton';
import { useTeamAction } from './use-team-action';

/** "12 of 50" with a cap, "12 (no cap)" without; blank where the caller may not see it. */
function poolUse(m: TeamMember): string {
  if (m.poolUsed === undefined) return '';
  return m.monthlyCap === null || m.monthlyCap === undefined ? `${m.poolUsed} (no cap)` : `${m.poolUsed} of ${m.monthlyCap}`;
}

/** The members with their roles; owners and admins also see e-mails and get each member's actions. */
export function MembersCard({ team }: { team: Team }) {
  const { api } = useServices();
  const manager = isTeamManager(team.role);
  const setRole = useTeamAction(
    (a: { member: TeamMember; role: 'admin' | 'member' }) => api.setTeamRole(a.member.userId, { role: a.role }),
    (a) => `${a.member.name} is now ${a.role === 'admin' ? 'an admin' : 'a member'}`,
    TEAM_FAILURES.changeRole,
  );
  const remove = useTeamAction(
    (m: TeamMember) => api.removeTeamMember(m.userId),
    (m) => `${m.name} was removed from the team`,
    TEAM_FAILURES.remove,
  );
  const setCap = useTeamAction(
    (a: { member: TeamMember; monthlyCap: number | null }) => api.setTeamCap(a.member.userId, { monthlyCap: a.monthlyCap }),
    (a) => T.capSet(a.member.name, a.monthlyCap),
    TEAM_FAILURES.cap,
  );
  const [capping, setCapping] = useState<TeamMember>();
  const transfer = useTeamAction(
    (m: TeamMember) => api.transferTeam({ userId: m.userId }),
    (m) => `${m.name} now owns the team`,
    TEAM_FAILURES.transfer,
  );
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Members ({team.members.length})</Subtitle2>} />
      <Table aria-label="Team members" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            {manager ? <TableHeaderCell>E-mail</TableHeaderCell> : null}
            <TableHeaderCell>Role</TableHeaderCell>
            <TableHeaderCell>Pool used this month</TableHeaderCell>
            {manager ? <TableHeaderCell>Actions</TableHeaderCell> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {team.members.map((m) => (
            <TableRow key={m.userId}>
              <TableCell>
                {m.name}
                {m.userId === team.me ? ' (you)' : ''}
              </TableCell>
              {manager ? <TableCell>{m.email}</TableCell> : null}
              <TableCell>
                <Badge appearance={m.role === 'member' ? 'outline' : 'filled'} color={m.role === 'owner' ? 'brand' : 'informative'}>
                  {TEAM_ROLE_LABELS[m.role]}
                </Badge>
              </TableCell>
              <TableCell>{poolUse(m)}</TableCell>
              {manager ? (
                <TableCell>
                  {m.role !== 'owner' || team.role === 'owner' ? (
                    <Button appearance="subtle" onClick={() => setCapping(m)}>
                      Set cap
                    </Button>
                  ) : null}
                  {m.role !== 'owner' && m.userId !== team.me ? (
                    <Menu>
                      <MenuTrigger disableButtonEnhancement>
                        <Button appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label={`Actions for ${m.name}`} />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem onClick={() => setRole.mutate({ member: m, role: m.role === 'admin' ? 'member' : 'admin' })}>
                            {m.role === 'admin' ? 'Make member' : 'Make admin'}
                          </MenuItem>
                        </MenuList>
                      </MenuPopover>
                    </Menu>
                  ) : null}
                  {m.role !== 'owner' && m.userId !== team.me ? (
                    <ConfirmButton
                      trigger={<Button appearance="subtle">Remove</Button>}
                      title={`Remove ${m.name}?`}
                      body="They lose access to the team at once. You can invite them again later."
                      confirm="Remove"
                      onConfirm={() => remove.mutate(m)}
                    />
                  ) : null}
                  {team.role === 'owner' && m.userId !== team.me ? (
                    <ConfirmButton
                      trigger={<Button appearance="subtle">Make owner</Button>}
                      title={`Make ${m.name} the owner?`}
                      body="They become the team's owner; you stay in the team as an admin."
                      confirm="Transfer ownership"
                      onConfirm={() => transfer.mutate(m)}
                    />
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {manager ? null : <Caption1>The team owner and admins invite and remove members, change roles and set caps.</Caption1>}
      {capping ? (
        <CapDialog
          member={capping}
          onClose={() => setCapping(undefined)}
          onSave={(monthlyCap) => {
            setCapping(undefined);
            setCap.mutate({ member: capping, monthlyCap });
          }}
        />
      ) : null}
    </Card>
  );
}
