import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users as usersTable } from '../../server/src/db/schema';
import type { Clock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { createUsersRepository } from '../../server/src/features/users/users-repository';
import { databaseTargets } from '../helpers/databases';

/** The signed-in user's row, read by every authed request, in batches of one turn of the event loop. */
describe.each(databaseTargets())('users.byUid on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  const clock: Clock = { now: () => new Date('2026-11-15T12:00:00Z') };
  let users: ReturnType<typeof createUsersRepository>;
  const uids = ['reader-a', 'reader-b', 'reader-c'];

  beforeAll(async () => {
    database = await target.open();
    users = createUsersRepository(database.db, clock);
    for (const uid of uids) await users.createIfMissing({ firebaseUid: uid, email: `${uid}@example.com`, name: uid });
  });
  afterAll(() => database.dispose());

  it('answers each caller with its own user, also when many read at once', async () => {
    const asked = [...uids, 'reader-a', 'nobody', ...uids];
    const rows = await Promise.all(asked.map((uid) => users.byUid(uid)));
    expect(rows.map((row) => row?.email ?? null)).toEqual(asked.map((uid) => (uid === 'nobody' ? null : `${uid}@example.com`)));
    expect(rows[0]).toEqual((await database.db.select().from(usersTable).where(eq(usersTable.firebaseUid, 'reader-a')))[0]);
    expect(rows[0]).not.toBe(rows[3]);
  });

  it('sees a write committed before it was asked', async () => {
    const credits = createCreditsService(database.db, clock);
    const before = (await users.byUid('reader-b'))!;
    await credits.debit(before.id, 2);
    const [after, other] = await Promise.all([users.byUid('reader-b'), users.byUid('reader-c')]);
    expect(after!.credits).toBe(before.credits - 2);
    expect(other!.firebaseUid).toBe('reader-c');
  });
});
