import type { TeamReport } from './schemas/teams';

const HEADER = [
  'Member',
  'Credits used',
  'Practice calls',
  'Average score',
  'Best score',
  'Assignments done',
  'Assignments due',
  'Assignments overdue',
  'Last practice',
];

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheet formulas). */
function field(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The team report as CSV (RFC 4180, CRLF), one row per member: what the Team page's export downloads. */
export function teamReportCsv(report: TeamReport): string {
  const rows = report.rows.map((r) => [
    r.name,
    r.creditsUsed,
    r.practiceCalls,
    r.averageScore,
    r.bestScore,
    r.assignmentsDone,
    r.assignmentsDue,
    r.assignmentsOverdue,
    r.lastPracticeAt,
  ]);
  return [HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
