import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { createStandInZoho, type StandInOptions } from '../../dev/standin-zoho';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../dev/sample-leads';
import { fakeApi, fakeAuth, fakeResult, json, services, unreachable } from '../../test/fakes';
import type { EnrichQuoteRequest, EnrichRequest, EnrichResponse } from '@shared/schemas/enrich';
import { createZohoCrm } from '../sdk/zoho-crm';
import type { AuthService } from '../features/auth/auth-service';
import type { WidgetApi } from './services';
import { Shell } from './Shell';
import { WIDGET_TEXT } from './messages';

const [maria, kenji, aisha, brown, tom] = SAMPLE_LEADS as [(typeof SAMPLE_LEADS)[number], ...typeof SAMPLE_LEADS];

function mount(pageLoad: StandInOptions['pageLoad'], api: WidgetApi, opts: Partial<StandInOptions> & { auth?: AuthService } = {}) {
  const standIn = createStandInZoho({ pageLoad, leads: SAMPLE_LEADS, fields: SAMPLE_LEAD_FIELDS, ...opts });
  const loadCrm = async () => createZohoCrm(standIn.zoho);
  render(<Shell loadCrm={loadCrm} services={services(api, opts.auth)} />);
  return standIn;
}

const related = (id: string) => ({ Entity: 'Leads', EntityId: id });
const listView = (ids: string[]) => ({ Entity: 'Leads', EntityId: ids, ButtonPosition: 'ListView' });

describe('one lead (related-list PageLoad, EntityId a string)', () => {
  it("in a team, the account bar shows the team pool, which pays first; the own credits stay as they were", async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 3, pool: { teamName: 'Northwind', credits: 40 } });
    mount(related(maria!.id), fake.api);
    expect(await screen.findByTestId('team-pool')).toHaveTextContent('Team pool: 40');
    expect(screen.getByTestId('team-pool')).toHaveAttribute('title', expect.stringContaining("charged to Northwind's pool first"));
    await waitFor(() => expect(screen.getByTestId('enrich-cost')).toHaveTextContent("Cost: 2 credits · from Northwind's team pool (40 left)"));
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    expect(await screen.findByTestId('dm-note')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('team-pool')).toHaveTextContent('Team pool: 38'));
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 3');
  });

  it('shows the summary, the cost before paying, generates, and saves the note', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    const standIn = mount(related(maria!.id), fake.api);

    const summary = await screen.findByTestId('lead-summary');
    expect(summary).toHaveTextContent('Maria Lopez');
    expect(summary).toHaveTextContent('VP of Operations · Northwind Logistics');
    expect(await screen.findByTestId('credits')).toHaveTextContent('Credits: 20');
    expect(screen.getByTestId('enrich-cost')).toHaveTextContent('Cost: 2 credits · you have 20');
    await waitFor(() => expect(fake.calls('GET /api/enrich/:leadId').map((r) => r.path)).toContain(`/api/enrich/${maria!.id}`));

    await user.click(screen.getByRole('checkbox', { name: /Cold-call script/ }));
    expect(screen.getByTestId('enrich-cost')).toHaveTextContent('Cost: 1 credit · you have 20');
    // Nothing chosen: the disabled button says why.
    await user.click(screen.getByRole('checkbox', { name: /LinkedIn DM/ }));
    expect(screen.getByRole('button', { name: 'Generate (0 credits)' })).toBeDisabled();
    expect(screen.getByText(WIDGET_TEXT.chooseOutputs)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /LinkedIn DM/ }));
    expect(screen.queryByText(WIDGET_TEXT.chooseOutputs)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Cold-call script/ }));
    await user.click(screen.getByRole('button', { name: 'Generate (2 credits)' }));

    expect(await screen.findByTestId('dm-note')).toHaveTextContent(`Hi from the note for ${maria!.id}`);
    expect(screen.getByTestId('call-script')).toHaveTextContent(`Opener: Opener for ${maria!.id}`);
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 18');
    const sent = fake.bodies<EnrichRequest>('POST /api/enrich')[0]!;
    expect(sent.outputs).toEqual(['linkedin_dm', 'cold_call_script']);
    expect(sent.lead).toMatchObject({ id: maria!.id, First_Name: 'Maria', Company: 'Northwind Logistics', No_of_Employees: 850 });
    // A custom field of the layout (META.getFields) travels as an extra field.
    expect(sent.lead.extra).toEqual({ 'LinkedIn Profile': 'https://www.linkedin.com/in/maria-lopez-example' });

    // One click copies one text.
    await user.click(screen.getByRole('button', { name: 'Copy LinkedIn connection note' }));
    expect(await navigator.clipboard.readText()).toBe(`Hi from the note for ${maria!.id}`);
    expect(screen.getByRole('button', { name: 'Copy LinkedIn connection note' })).toHaveTextContent(WIDGET_TEXT.copied);
    await user.click(screen.getByRole('button', { name: 'Copy Cold-call script' }));
    expect(await navigator.clipboard.readText()).toMatch(/^Opener: Opener for 3000000032001\nReason for the call: Reason\n/);

    await user.click(screen.getByRole('button', { name: 'Save to lead notes' }));
    expect(await screen.findByTestId('note-saved')).toHaveTextContent(WIDGET_TEXT.noteSaved);
    expect(standIn.notes).toHaveLength(1);
    expect(standIn.notes[0]).toMatchObject({ entity: 'Leads', recordId: maria!.id, title: WIDGET_TEXT.notesTitleEnrich });
    expect(standIn.notes[0]!.content).toContain(`Hi from the note for ${maria!.id}`);
    expect(standIn.notes[0]!.content).toContain('COLD-CALL SCRIPT');
  });

  it("the Enrich answer's balance is the one shown, without reading the credits again", async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    // Another tab spent credits meanwhile: the answer carries the balance after this charge.
    fake.answerOnce('POST /api/enrich', async (req, usual) => json({ ...((await (await usual(req)).json()) as EnrichResponse), credits: 11 }));
    mount(related(maria!.id), fake.api);
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    expect(await screen.findByTestId('dm-note')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 11'));
    expect(fake.calls('GET /api/user-credits/:email')).toHaveLength(1);
  });

  it('shows the earlier result for the lead without charging again', async () => {
    const previous = fakeResult(kenji!.id, ['linkedin_dm']);
    const fake = fakeApi({ previous });
    mount(related(kenji!.id), fake.api);
    expect(await screen.findByTestId('dm-message')).toHaveTextContent(`A longer message for ${kenji!.id}`);
    expect(screen.getByTestId('enrich-result')).toHaveTextContent('Earlier result, shown without charge');
    expect(screen.queryByTestId('call-script')).toBeNull();
    expect(fake.calls('POST /api/enrich')).toHaveLength(0);
  });

  it('addNotes failing is shown, and the generated text stays', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi();
    const standIn = mount(related(aisha!.id), api, { failAddNotes: 'reject' });
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    await user.click(await screen.findByRole('button', { name: 'Save to lead notes' }));
    const failed = await screen.findByTestId('note-failed');
    expect(failed).toHaveTextContent('Note not saved');
    expect(failed).toHaveTextContent('The note could not be saved to the lead (Zoho CRM said: permission denied to add notes)');
    expect(screen.getByTestId('dm-note')).toBeInTheDocument();
    expect(standIn.notes).toHaveLength(0);
  });

  it('missing fields are listed; a lead with a name and company only can still be enriched', async () => {
    const { api } = fakeApi();
    mount(related(tom!.id), api, { userShape: 'flat' });
    expect(await screen.findByTestId('missing-fields')).toHaveTextContent('Missing in CRM: title, industry, website, description');
    expect(screen.getByRole('button', { name: 'Generate (2 credits)' })).toBeEnabled();
  });

  it('a lead with too little data is refused before anything is charged', async () => {
    const fake = fakeApi();
    mount(related(brown!.id), fake.api);
    expect(await screen.findByTestId('missing-fields')).toHaveTextContent('Missing in CRM: company, title, industry, website, description');
    expect(
      screen.getByText(
        'This lead has too little data to personalise: add a company, title, industry, website or description in Zoho CRM, then try again. Nothing was charged.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Generate/ })).toBeNull();
    expect(fake.calls('POST /api/enrich')).toHaveLength(0);
  });

  it('with no credits the upgrade link is shown and Generate is disabled', async () => {
    const { api } = fakeApi({ credits: 0 });
    mount(related(maria!.id), api);
    const button = await screen.findByRole('button', { name: 'Generate (2 credits)' });
    expect(button).toBeDisabled();
    expect(screen.getByText(MESSAGES.noCredits)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: WIDGET_TEXT.upgrade })[0]).toHaveAttribute('href', 'https://portal.example/subscription');
  });

  it('a server that cannot be reached is said so, and nothing is shown as charged', async () => {
    const user = userEvent.setup();
    const fake = fakeApi();
    fake.answerOnce('POST /api/enrich', unreachable);
    mount(related(maria!.id), fake.api);
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    expect(await screen.findByText(WIDGET_TEXT.unreachable('http://api.test'))).toBeInTheDocument();
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 20');
  });
});

describe('many leads (list-view PageLoad, EntityId an array)', () => {
  it('enriches the selection one after another, a note per lead, progress to 100%', async () => {
    const user = userEvent.setup();
    const { api, balance } = fakeApi({ credits: 20 });
    const ids = [maria!.id, kenji!.id, brown!.id, tom!.id];
    const standIn = mount(listView(ids), api);

    expect(await screen.findByText('4 leads selected')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bulk-cost')).toHaveTextContent('Cost: 6 credits (LinkedIn DM and Cold-call script for 3 leads; 1 skipped for too little data) · you have 20'));
    await user.click(screen.getByRole('button', { name: 'Enrich 3 leads (6 credits)' }));

    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByText('4 of 4 leads processed: 3 enriched')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-charged')).toHaveTextContent(/^Charged: 6 credits$/);
    const rows = screen.getAllByTestId('bulk-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['done', 'done', 'skipped', 'done']);
    expect(within(rows[2]!).getByText('Skipped: too little data, not charged')).toBeInTheDocument();
    expect(standIn.notes.map((n) => n.recordId)).toEqual([maria!.id, kenji!.id, tom!.id]);
    expect(balance()).toBe(14);
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 14');
  });

  it('says what the run really charged when a lead\'s answer was already stored (free)', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20 });
    fake.answerOnce('POST /api/enrich', async (req, usual) => {
      const answer = (await (await usual(req)).json()) as EnrichResponse;
      return json({ ...answer, creditsCharged: 0, credits: 20 });
    });
    mount(listView([maria!.id, kenji!.id]), fake.api);
    await user.click(await screen.findByRole('button', { name: 'Enrich 2 leads (4 credits)' }));
    expect(await screen.findByTestId('bulk-charged')).toHaveTextContent('Charged: 2 credits (answers already stored for a lead were free');
  });

  it('the estimate is the charge: before the run it says which leads are free (already enriched) and which are skipped', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 20, storedLeads: [kenji!.id] });
    const { balance } = fake;
    const standIn = mount(listView([maria!.id, kenji!.id, brown!.id, tom!.id]), fake.api);
    await waitFor(() =>
      expect(screen.getByTestId('bulk-cost')).toHaveTextContent(
        'Cost: 4 credits (LinkedIn DM and Cold-call script for 3 leads; 1 already enriched with this data: free; 1 skipped for too little data) · you have 20',
      ),
    );
    // Asked of the server for exactly the leads the run sends, with the chosen outputs.
    expect(fake.bodies<EnrichQuoteRequest>('POST /api/enrich/quote').at(-1)).toEqual({
      leads: [expect.objectContaining({ id: maria!.id }), expect.objectContaining({ id: kenji!.id }), expect.objectContaining({ id: tom!.id })],
      outputs: ['linkedin_dm', 'cold_call_script'],
    });
    await user.click(screen.getByRole('button', { name: 'Enrich 3 leads (4 credits)' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByTestId('bulk-charged')).toHaveTextContent(/^Charged: 4 credits$/);
    expect(balance()).toBe(16);
    expect(standIn.notes.map((n) => n.recordId)).toEqual([maria!.id, kenji!.id, tom!.id]);
  });

  it('when the server cannot be asked for a quote, the estimate says it is the most the run can cost', async () => {
    const fake = fakeApi({ credits: 20 });
    fake.answer('POST /api/enrich/quote', unreachable);
    mount(listView([maria!.id, kenji!.id]), fake.api);
    await waitFor(
      () =>
        expect(screen.getByTestId('bulk-cost')).toHaveTextContent(
          "Cost: up to 4 credits (LinkedIn DM and Cold-call script for 2 leads; answers already written for a lead's data are free)",
        ),
      { timeout: 15_000 },
    );
    expect(screen.getByRole('button', { name: 'Enrich 2 leads (up to 4 credits)' })).toBeEnabled();
  });

  it('refuses the whole run up front when the credits do not suffice', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 5 });
    const { balance } = fake;
    const standIn = mount(listView([maria!.id, kenji!.id, aisha!.id]), fake.api);
    await user.click(await screen.findByRole('button', { name: 'Enrich 3 leads (6 credits)' }));
    expect(await screen.findByText(MESSAGES.notEnoughCredits(6, 5))).toBeInTheDocument();
    expect(screen.getByText(WIDGET_TEXT.bulkRefusedTitle)).toBeInTheDocument();
    expect(fake.calls('POST /api/enrich')).toHaveLength(0);
    expect(standIn.notes).toHaveLength(0);
    expect(balance()).toBe(5);
  });

  it('a note that fails is reported per lead; the run goes on', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi();
    mount(listView([maria!.id, kenji!.id]), api, { failAddNotes: 'error' });
    await user.click(await screen.findByRole('button', { name: 'Enrich 2 leads (4 credits)' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveAttribute('aria-valuenow', '100'));
    const rows = screen.getAllByTestId('bulk-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['noteFailed', 'noteFailed']);
    expect(rows[0]).toHaveTextContent('Enriched, note not saved: The note could not be saved to the lead (Zoho CRM said: the note title is too long)');
  });
});

describe('sign-in and SDK failure', () => {
  it('signed out: the sign-in form, a wrong password is shown, then the lead after signing in', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi();
    const auth = fakeAuth(null);
    mount(related(maria!.id), api, { auth });
    // Prefilled with the Zoho user's address (getCurrentUser), replaceable.
    await waitFor(() => expect(screen.getByLabelText(/Email/)).toHaveValue('sam.seller@example.com'));
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'seller@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create one in the Icebreak & Enrich portal/ })).toHaveAttribute('href', 'https://portal.example/auth');
    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('lead-summary')).toHaveTextContent('Maria Lopez');
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 20');
  });

  it("the sign-in form checks the portal's rules: the product's messages, nothing sent until they pass", async () => {
    const user = userEvent.setup();
    const { api } = fakeApi();
    const auth = fakeAuth(null);
    const reset = vi.spyOn(auth, 'sendPasswordReset');
    mount(related(maria!.id), api, { auth });
    await waitFor(() => expect(screen.getByLabelText(/Email/)).toHaveValue('sam.seller@example.com'));
    await user.clear(screen.getByLabelText(/Email/));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.type(screen.getByLabelText(/Password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
  });

  it('Zoho refusing to start the widget is shown as an SDK failure', async () => {
    const { api } = fakeApi();
    mount(related(maria!.id), api, { failInit: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(WIDGET_TEXT.sdkFailure);
    expect(alert).toHaveTextContent('The Zoho CRM connection could not start (The widget is not allowed on this page).');
  });

  it('a lead Zoho cannot read is an SDK failure with a retry', async () => {
    const { api } = fakeApi();
    mount(related('3000000099999'), api);
    expect(await screen.findByText('The lead 3000000099999 was not found in Zoho CRM (it may have been deleted or you may not have access).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
