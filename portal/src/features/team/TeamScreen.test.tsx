import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignmentList, Team, TeamInviteList, TeamResponse } from '@shared/schemas';
import { TEAM_MESSAGES as T, TEAM_FAILURES } from '@shared/teams';
import { SCENARIOS } from '../../test/call-fixtures';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';
import { OWNER_TEAM } from '../../test/team-fixtures';

const OWNER = OWNER_TEAM;
const AS_MEMBER: Team = {
  ...OWNER,
  role: 'member',
  me: 'u-mo',
  members: OWNER.members.map(({ userId, name, role }) => ({ userId, name, role })),
};
const INVITES: TeamInviteList = {
  invites: [
    {
      id: 'inv-1',
      email: 'new@example.com',
      role: 'member',
      status: 'pending',
      invitedBy: 'Olivia Owner',
      sentAt: '2026-03-02T09:00:00.000Z',
      expiresAt: '2026-03-09T09:00:00.000Z',
    },
  ],
};

const ASSIGNED: AssignmentList = {
  assignments: [
    {
      id: 'as-1',
      scenarioId: SCENARIOS[0]!.id,
      scenarioTitle: SCENARIOS[0]!.title,
      dueAt: '2099-03-31T21:59:59.000Z',
      minScore: 70,
      createdAt: '2026-03-02T09:00:00.000Z',
      members: [{ userId: 'u-mo', name: 'Mo Member', bestScore: 64, completedAt: null, status: 'due' }],
    },
  ],
};

/** ASSIGNED once Mo's practice call reached the score. */
const DONE: AssignmentList = {
  assignments: ASSIGNED.assignments.map((a) => ({
    ...a,
    members: a.members.map((m) => ({ ...m, bestScore: 82, completedAt: '2026-03-03T09:00:00.000Z', status: 'done' as const })),
  })),
};

function open(team: Team | null, routes: Record<string, Handler> = {}, path = '/team') {
  return renderApp({
    path,
    routes: { 'GET /api/team': () => json({ team } satisfies TeamResponse), 'GET /api/team/invites': () => json(INVITES), ...routes },
  });
}

// The route's chunk is transformed on first import: done before the first test's wait starts.
beforeAll(() => Promise.all([import('./TeamScreen'), import('./JoinScreen'), import('../call/CallScreen')]), 60_000);

describe('the Team page', () => {
  it('someone in no team gets no Team nav entry and can create a team from /team', async () => {
    let team: Team | null = null;
    const { fake } = open(null, {
      'GET /api/team': () => json({ team }),
      'POST /api/teams': (req) => {
        team = { ...OWNER, name: (req.body as { name: string }).name, members: [OWNER.members[0]!] };
        return json({ team }, 201);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Create a team' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Team' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText(T.nameRequired)).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /Team name/ }), 'Tigers');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await findToast(T.teamCreated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tigers', level: 1 })).toBeInTheDocument();
    // Now in a team: the nav has its entry.
    expect(await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Team' })).toBeInTheDocument();
  });

  it('the owner sees e-mails, member actions and invitations; inviting sends e-mail and role', async () => {
    const { fake } = open(OWNER, {
      'POST /api/team/invites': () => json(INVITES, 201),
    });
    const members = await screen.findByRole('table', { name: 'Team members' });
    expect(within(members).getByText('mo@example.com')).toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Actions for Mo Member' })).toBeInTheDocument();
    const invites = await screen.findByRole('table', { name: 'Open invitations' });
    expect(within(invites).getByText('new@example.com')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'rep@example.com');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await findToast(T.inviteSent('rep@example.com'))).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'POST' && r.path === '/api/team/invites')?.body).toEqual({
      email: 'rep@example.com',
      role: 'admin',
    });
    expect(screen.getByRole('button', { name: 'Delete team' })).toBeInTheDocument();
  });

  it("an owner sets a member's monthly cap on the pool; a bad figure is refused before anything is sent", async () => {
    const withUse: Team = {
      ...OWNER,
      members: OWNER.members.map((m) => ({ ...m, monthlyCap: null, poolUsed: m.userId === 'u-mo' ? 4 : 0 })),
    };
    const { fake } = open(withUse, {
      'PUT /api/team/members/:id/cap': (req) =>
        json({
          team: {
            ...withUse,
            members: withUse.members.map((m) =>
              m.userId === 'u-mo' ? { ...m, monthlyCap: (req.body as { monthlyCap: number }).monthlyCap } : m,
            ),
          },
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Northwind Sales', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Team pool: 120 credits/)).toBeInTheDocument();
    const members = within(screen.getByRole('table', { name: 'Team members' }));
    expect(members.getByText('4 (no cap)')).toBeInTheDocument();
    await userEvent.click(members.getAllByRole('button', { name: 'Set cap' })[1]!);
    // Fluent's focus trap marks the surface aria-hidden for a moment in jsdom (as in the removal test below).
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByText('Monthly cap for Mo Member')).toBeInTheDocument();
    const field = dialog.getByRole('spinbutton', { hidden: true });
    await userEvent.type(field, '-3');
    await userEvent.click(dialog.getByRole('button', { name: 'Save cap', hidden: true }));
    expect(await dialog.findByText(T.capInvalid)).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    await userEvent.click(dialog.getByRole('button', { name: 'Save cap', hidden: true }));
    expect(await findToast(T.capSet('Mo Member', 25))).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/team/members/u-mo/cap', body: { monthlyCap: 25 } });
  });

  it('an empty pool (no team plan) is not offered as paying in the header', async () => {
    open({ ...OWNER, credits: 0 });
    expect(await screen.findByText('Your role: Owner')).toBeInTheDocument();
    expect(screen.queryByText(/Team pool: 0 credits/)).toBeNull();
  });

  it('removing asks first, then shows the server refusing with its reason', async () => {
    open(OWNER, { 'DELETE /api/team/members/:id': () => errorJson(403, T.cannotRemoveOwner) });
    const members = await screen.findByRole('table', { name: 'Team members' });
    await userEvent.click(within(members).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { hidden: true }, { timeout: 10000 });
    // Fluent's focus trap marks the surface aria-hidden for a moment in jsdom (as in SettingsScreen.test.tsx).
    expect(within(dialog).getByText('Remove Mo Member?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove', hidden: true }));
    expect(await findToast(TEAM_FAILURES.remove)).toBeInTheDocument();
    expect(await screen.findAllByText(T.cannotRemoveOwner)).not.toHaveLength(0);
  });

  it('a member sees names and roles only, no invitations and no member actions, and can leave', async () => {
    const { fake } = open(AS_MEMBER, { 'POST /api/team/leave': () => json({ message: T.leftTeam }) });
    const members = await screen.findByRole('table', { name: 'Team members' });
    expect(within(members).queryByText('mo@example.com')).toBeNull();
    expect(within(members).queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Open invitations' })).toBeNull();
    expect(fake.requests.some((r) => r.path === '/api/team/invites')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { hidden: true }, { timeout: 10000 })).getByRole('button', {
        name: 'Leave team',
        hidden: true,
      }),
    );
    expect(await findToast(T.leftTeam)).toBeInTheDocument();
  });
});

describe('the /join page', () => {
  it('accepts the token and goes to the team', async () => {
    const { fake, location } = open(null, { 'POST /api/team/invites/accept': () => json({ team: AS_MEMBER }) }, '/join?token=abc.def');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await findToast(T.joined('Northwind Sales'))).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path === '/api/team/invites/accept')?.body).toEqual({ token: 'abc.def' });
    await waitFor(() => expect(location()).toBe('/team'));
  });

  it('shows why the link no longer works, with a way on to the Team page', async () => {
    open(null, { 'POST /api/team/invites/accept': () => errorJson(410, T.inviteExpired) }, '/join?token=abc.def');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(T.inviteExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Team page' })).toBeInTheDocument();
  });

  it('a link without a token says so instead of offering to accept', async () => {
    open(null, {}, '/join');
    expect(await screen.findByText(T.inviteInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});

describe('the FAQ on teams', () => {
  it('answers how to create a team and links to the Team page, where a person in no team can create one', async () => {
    open(null, {}, '/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'Account and Settings' }));
    expect(screen.getByText(/Create a team on the Team page: you become its owner/)).toBeInTheDocument();
    expect(screen.getByText(/Without a team plan each member uses their own credits and plan/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open the Team page' }));
    expect(await screen.findByRole('heading', { name: 'Create a team' })).toBeInTheDocument();
  });
});

describe('assigned practice', () => {
  it('an owner assigns a scenario to chosen members by a date with a score to reach; the list shows each member', async () => {
    const { fake } = open(OWNER, {
      'GET /api/calls/scenarios': () => json(SCENARIOS),
      'GET /api/team/assignments': () => json(ASSIGNED),
      'POST /api/team/assignments': () => json(ASSIGNED, 201),
    });
    const form = within(await screen.findByRole('form', { name: 'Assign practice' }));
    await userEvent.click(form.getByRole('button', { name: 'Assign practice' }));
    expect(form.getByText(T.scenarioUnknown)).toBeInTheDocument();
    expect(form.getByText(T.membersRequired)).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    await waitFor(() => expect(form.getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(form.getByRole('combobox', { name: /Scenario/ }), SCENARIOS[0]!.id);
    await userEvent.click(form.getByRole('checkbox', { name: 'Mo Member' }));
    await userEvent.type(form.getByLabelText(/Due date/), '2099-03-31');
    await userEvent.click(form.getByRole('button', { name: 'Assign practice' }));
    expect(await findToast(T.assignedTo(1))).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/team/assignments')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ scenarioId: SCENARIOS[0]!.id, memberIds: ['u-mo'], minScore: 70 });
    expect(new Date(sent.dueAt as string).getDate()).toBe(31);
    const table = within(screen.getByRole('table', { name: 'Assignments' }));
    expect(table.getByText('Mo Member')).toBeInTheDocument();
    expect(table.getByText('64 / 70')).toBeInTheDocument();
  });

  it('says so on the assign form when the scenario list cannot be loaded, and still refuses to assign without one', async () => {
    const { fake } = open(OWNER, {
      'GET /api/calls/scenarios': () => errorJson(503, 'The scenario library is unavailable'),
      'GET /api/team/assignments': () => json(ASSIGNED),
    });
    const form = within(await screen.findByRole('form', { name: 'Assign practice' }));
    expect(await form.findByText(T.scenariosFailed)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Assign practice' }));
    expect(form.getByText(T.scenarioUnknown)).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('a member sees their assignment on /call and "Practise this" chooses its scenario', async () => {
    open(AS_MEMBER, { 'GET /api/calls/scenarios': () => json(SCENARIOS), 'GET /api/team/assignments': () => json(ASSIGNED) }, '/call');
    const table = within(await screen.findByRole('table', { name: 'Assigned practice' }));
    expect(table.getByText(SCENARIOS[0]!.title)).toBeInTheDocument();
    expect(table.getByText('64')).toBeInTheDocument();
    expect(table.getAllByText('Due')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.click(table.getByRole('button', { name: 'Practise this' }));
    expect(screen.getByRole('combobox', { name: /scenario/i })).toHaveValue(SCENARIOS[0]!.id);
  });

  it("an owner's Team page, opened again, shows who joined and who completed practice since, without a reload", async () => {
    let team: Team = { ...OWNER, members: [OWNER.members[0]!] };
    let assigned: AssignmentList = { assignments: [] };
    open(team, {
      'GET /api/team': () => json({ team } satisfies TeamResponse),
      'GET /api/calls/scenarios': () => json(SCENARIOS),
      'GET /api/team/assignments': () => json(assigned),
    });
    expect(await screen.findByText('No practice assigned yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Team members' })).queryByText('Mo Member')).toBeNull();

    // Meanwhile Mo joined, was assigned practice, and reached its score.
    team = OWNER;
    assigned = DONE;
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await userEvent.click(nav.getByRole('link', { name: 'FAQ' }));
    await screen.findByRole('button', { name: 'Account and Settings' });
    await userEvent.click(nav.getByRole('link', { name: 'Team' }));
    expect(await within(await screen.findByRole('table', { name: 'Team members' })).findByText('Mo Member')).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Assignments' }));
    expect(table.getByText('82 / 70')).toBeInTheDocument();
    expect(table.getByText('Done')).toBeInTheDocument();
  });

  it("a member's /call, opened again, shows practice assigned since and its score once reached, without a reload", async () => {
    let assigned: AssignmentList = { assignments: [] };
    open(AS_MEMBER, { 'GET /api/calls/scenarios': () => json(SCENARIOS), 'GET /api/team/assignments': () => json(assigned) }, '/call');
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    expect(screen.queryByRole('table', { name: 'Assigned practice' })).toBeNull();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));

    assigned = ASSIGNED;
    await userEvent.click(nav.getByRole('link', { name: 'FAQ' }));
    await screen.findByRole('button', { name: 'Account and Settings' });
    await userEvent.click(nav.getByRole('link', { name: 'Call' }));
    // The column's header and the row's status.
    expect(within(await screen.findByRole('table', { name: 'Assigned practice' })).getAllByText('Due')).toHaveLength(2);

    assigned = DONE;
    await userEvent.click(nav.getByRole('link', { name: 'FAQ' }));
    await screen.findByRole('button', { name: 'Account and Settings' });
    await userEvent.click(nav.getByRole('link', { name: 'Call' }));
    const table = within(await screen.findByRole('table', { name: 'Assigned practice' }));
    expect(await table.findByText('Done')).toBeInTheDocument();
    expect(table.getByText('82')).toBeInTheDocument();
    expect(table.queryByRole('button', { name: 'Practise this' })).toBeNull();
  });

  it("an owner's /call shows only practice assigned to the owner, not the members' rows the owner follows", async () => {
    const { fake } = open(
      OWNER,
      { 'GET /api/calls/scenarios': () => json(SCENARIOS), 'GET /api/team/assignments': () => json(ASSIGNED) },
      '/call',
    );
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/api/team/assignments')).toBe(true));
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    expect(screen.queryByRole('table', { name: 'Assigned practice' })).toBeNull();
    expect(screen.queryByText(SCENARIOS[0]!.title, { selector: 'td' })).toBeNull();
  });

  it('outside a team /call shows no assigned practice', async () => {
    open(
      null,
      { 'GET /api/calls/scenarios': () => json(SCENARIOS), 'GET /api/team/assignments': () => errorJson(404, T.notInTeam) },
      '/call',
    );
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Assigned practice' })).toBeNull();
  });
});

describe('the report on /team', () => {
  it("shows the month's row per member and exports it as CSV", async () => {
    const seen: string[] = [];
    open(OWNER, {
      'GET /api/team/report': (req) => {
        seen.push(req.query.get('month')!);
        return json({
          month: req.query.get('month'),
          rows: [
            {
              userId: 'u-mo',
              name: 'Mo Member',
              creditsUsed: 12,
              practiceCalls: 3,
              averageScore: 71.5,
              bestScore: 80,
              assignmentsDone: 1,
              assignmentsDue: 2,
              assignmentsOverdue: 0,
              lastPracticeAt: '2026-03-30T10:00:00.000Z',
            },
          ],
        });
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Team report' }));
    expect(table.getByText('71.5')).toBeInTheDocument();
    expect(table.getByText('1 / 2 / 0')).toBeInTheDocument();
    expect(seen[0]).toBe(new Date().toISOString().slice(0, 7));
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => (created.push(b), 'blob:report');
    URL.revokeObjectURL = () => undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await created[0]!.text()).toContain('Mo Member,12,3,71.5,80,1,2,0,2026-03-30T10:00:00.000Z');
  });

  it("draws the month's credits per member as bars for owners and admins; the bars are the table's figures", async () => {
    const row = (userId: string, name: string, creditsUsed: number) => ({
      userId,
      name,
      creditsUsed,
      practiceCalls: 0,
      averageScore: null,
      bestScore: null,
      assignmentsDone: 0,
      assignmentsDue: 0,
      assignmentsOverdue: 0,
      lastPracticeAt: null,
    });
    open(OWNER, {
      'GET /api/team/report': (req) =>
        json({ month: req.query.get('month'), rows: [row('u-olivia', 'Olivia Owner', 5), row('u-mo', 'Mo Member', 12)] }),
    });
    const chart = await screen.findByTestId('member-credits-chart');
    await waitFor(() =>
      expect(
        [...chart.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label')!).filter((l) => /Credits used, /.test(l)),
      ).toEqual(['Olivia Owner. Credits used, 5 credits.', 'Mo Member. Credits used, 12 credits.']),
    );
  });
});
