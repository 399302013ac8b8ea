import type { Team } from '@shared/schemas';

/** A team as its owner sees it (GET /api/team): Olivia owns it, Mo is a member; the pool holds 120. */
export const OWNER_TEAM: Team = {
  id: 'team-1',
  name: 'Northwind Sales',
  createdAt: '2026-03-01T09:00:00.000Z',
  role: 'owner',
  me: 'u-olivia',
  credits: 120,
  members: [
    { userId: 'u-olivia', name: 'Olivia Owner', role: 'owner', email: 'olivia@example.com', joinedAt: '2026-03-01T09:00:00.000Z' },
    { userId: 'u-mo', name: 'Mo Member', role: 'member', email: 'mo@example.com', joinedAt: '2026-03-02T09:00:00.000Z' },
  ],
};
