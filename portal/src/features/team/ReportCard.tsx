import { MemberCreditsChart } from './MemberCreditsChart';
import { useState } from 'react';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Field,
  Input,
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
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { teamReportCsv } from '@shared/team-report-csv';
import type { Team } from '@shared/schemas';
import { isTeamManager, TEAM_FAILURES } from '@shared/teams';
import { ErrorBar } from '../../components/ErrorBar';
import { teamReportQuery } from '@shared/api/queries/team';
import { useServices } from '../../core/services';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' } });

const thisMonth = () => new Date().toISOString().slice(0, 7);
const dateOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '–');

/** The month's report (docs/product.md#team-report): every member for owners and admins, one's own row for members; CSV export. */
export function ReportCard({ team }: { team: Team }) {
  const styles = useStyles();
  const { api } = useServices();
  const [month, setMonth] = useState(thisMonth);
  const report = useQuery(teamReportQuery(api, useSignedInUser().uid, month));

  function download() {
    if (!report.data) return;
    const url = URL.createObjectURL(new Blob([teamReportCsv(report.data)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `team-report-${report.data.month}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">{isTeamManager(team.role) ? 'Report per member' : 'Your month'}</Subtitle2>} />
      <div className={styles.row}>
        <Field label="Month">
          <Input type="month" value={month} onChange={(_e, d) => setMonth(d.value)} />
        </Field>
        <Button icon={<ArrowDownload20Regular />} onClick={download} disabled={!report.data}>
          Export CSV
        </Button>
      </div>
      {report.isError ? (
        <ErrorBar title={TEAM_FAILURES.loadReport} action={<Button onClick={() => void report.refetch()}>Try again</Button>}>
          {errorText(report.error)}
        </ErrorBar>
      ) : report.data ? (
        <>
          {isTeamManager(team.role) && report.data.rows.length > 1 ? <MemberCreditsChart report={report.data} /> : null}
          <Table aria-label="Team report" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Member</TableHeaderCell>
                <TableHeaderCell>Credits used</TableHeaderCell>
                <TableHeaderCell>Practice calls</TableHeaderCell>
                <TableHeaderCell>Average score</TableHeaderCell>
                <TableHeaderCell>Best score</TableHeaderCell>
                <TableHeaderCell>Assignments done / due / overdue</TableHeaderCell>
                <TableHeaderCell>Last practice</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.data.rows.map((r) => (
                <TableRow key={r.userId}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.creditsUsed}</TableCell>
                  <TableCell>{r.practiceCalls}</TableCell>
                  <TableCell>{r.averageScore ?? '–'}</TableCell>
                  <TableCell>{r.bestScore ?? '–'}</TableCell>
                  <TableCell>
                    {r.assignmentsDone} / {r.assignmentsDue} / {r.assignmentsOverdue}
                  </TableCell>
                  <TableCell>{dateOf(r.lastPracticeAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : (
        <Body1>Choose a month.</Body1>
      )}
    </Card>
  );
}
