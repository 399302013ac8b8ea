import { describe, expect, it } from 'vitest';
import { teamReportCsv } from './team-report-csv';

describe('team report CSV', () => {
  it('has a header and one line per member; quotes what needs it and defuses formulas', () => {
    const csv = teamReportCsv({
      month: '2026-03',
      rows: [
        {
          userId: 'u1',
          name: 'Smith, "Jo"',
          creditsUsed: 12,
          practiceCalls: 3,
          averageScore: 71.5,
          bestScore: 80,
          assignmentsDone: 1,
          assignmentsDue: 0,
          assignmentsOverdue: 1,
          lastPracticeAt: '2026-03-30T10:00:00.000Z',
        },
        {
          userId: 'u2',
          name: '=HYPERLINK("x")',
          creditsUsed: 0,
          practiceCalls: 0,
          averageScore: null,
          bestScore: null,
          assignmentsDone: 0,
          assignmentsDue: 2,
          assignmentsOverdue: 0,
          lastPracticeAt: null,
        },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'Member,Credits used,Practice calls,Average score,Best score,Assignments done,Assignments due,Assignments overdue,Last practice',
      '"Smith, ""Jo""",12,3,71.5,80,1,0,1,2026-03-30T10:00:00.000Z',
      `"'=HYPERLINK(""x"")",0,0,,,0,2,0,`,
      '',
    ]);
  });
});
