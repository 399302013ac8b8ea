import { describe, expect, it } from 'vitest';
import { assignmentLine, buildReminderEmail } from './reminder-email';

const now = new Date('2027-03-10T12:00:00Z');
const a = { scenarioTitle: 'Discovery call with a <CFO>', dueAt: new Date('2027-03-31T21:59:59Z'), minScore: 70, bestScore: null };

describe('assigned practice in the reminder e-mail', () => {
  it('says when it is due, in the reader’s zone, the score to reach and the best so far', () => {
    expect(assignmentLine(a, now)).toBe('Discovery call with a <CFO>: due 31 Mar 2027, score 70 to reach');
    // 21:59 UTC is already 1 April in Tokyo.
    expect(assignmentLine({ ...a, bestScore: 64 }, now, 'Asia/Tokyo')).toBe(
      'Discovery call with a <CFO>: due 1 Apr 2027, score 70 to reach (best so far 64)',
    );
    expect(assignmentLine(a, new Date('2027-04-02T00:00:00Z'))).toBe(
      'Discovery call with a <CFO>: overdue since 31 Mar 2027, score 70 to reach',
    );
  });

  it('lists them in both parts, escaped in the HTML; none, no list', () => {
    const input = {
      to: 'r@example.com',
      name: 'Rita',
      focus: 'Handle a price objection',
      publicUrl: 'https://x.example',
      unsubscribeToken: 't',
    };
    const mail = buildReminderEmail({ ...input, assigned: [a] }, now);
    expect(mail.text).toContain('  - Discovery call with a <CFO>: due 31 Mar 2027, score 70 to reach');
    expect(mail.html).toContain('<li>Discovery call with a &lt;CFO&gt;: due 31 Mar 2027, score 70 to reach</li>');
    expect(buildReminderEmail(input, now).text).not.toContain('Assigned by your team');
  });
});
