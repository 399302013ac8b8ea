import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStandInZoho } from '../../dev/standin-zoho';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../dev/sample-leads';
import { errorJson, fakeApi, fakeAuth, services, SIGNED_IN } from '../../test/fakes';
import { createZohoCrm, type ZohoCrm } from '../sdk/zoho-crm';
import { ZohoSdkError } from '../sdk/zoho-error';
import type { WidgetApi } from './services';
import { Shell } from './Shell';

const maria = SAMPLE_LEADS[0]!;

/** The stand-in CRM on one lead, its getRecord failing the first `failures` times. */
function mount(api: WidgetApi, failures = 0, auth = fakeAuth(SIGNED_IN)) {
  const standIn = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: maria.id }, leads: SAMPLE_LEADS, fields: SAMPLE_LEAD_FIELDS });
  let left = failures;
  const loadCrm = async (): Promise<ZohoCrm> => {
    const crm = createZohoCrm(standIn.zoho);
    const getRecord = vi.fn(async (entity: string, id: string) => {
      if (left-- > 0) throw new ZohoSdkError('The lead could not be read from Zoho CRM (timeout).', 'getRecord');
      return crm.getRecord(entity, id);
    });
    return { ...crm, getRecord };
  };
  render(<Shell loadCrm={loadCrm} services={services(api, auth)} />);
}

describe('loading through queries', () => {
  it('a failed lead read shows its error; Try again reads it again and shows the lead', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi();
    mount(api, 1);
    expect(await screen.findByText('The lead could not be read from Zoho CRM (timeout).')).toBeInTheDocument();
    expect(screen.queryByTestId('lead-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('lead-summary')).toHaveTextContent('Maria Lopez');
    expect(screen.queryByText('The lead could not be read from Zoho CRM (timeout).')).toBeNull();
  });

  it('a failed account read shows its error and no tools; Try again loads the balance and the lead', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ credits: 7 });
    const { api } = fake;
    fake.answerOnce('GET /api/user-credits/:email', () => errorJson(500, 'The database is resting.'));
    mount(api);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('lead-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('lead-summary')).toHaveTextContent('Maria Lopez');
    expect(screen.getByTestId('credits')).toHaveTextContent('Credits: 7');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('each read happens once, however often the view renders', async () => {
    const fake = fakeApi();
    mount(fake.api);
    expect(await screen.findByTestId('lead-summary')).toBeInTheDocument();
    await screen.findByTestId('enrich-cost');
    expect(fake.calls('GET /api/user/:uid')).toHaveLength(1);
    expect(fake.calls('GET /api/enrich/:leadId')).toHaveLength(1);
    expect(fake.calls('GET /api/settings-data')).toHaveLength(1);
  });

  it("signing out forgets the user's data: the next sign-in reads the account and earlier results afresh", async () => {
    const user = userEvent.setup();
    const fake = fakeApi();
    mount(fake.api, 0, fakeAuth(SIGNED_IN));
    expect(await screen.findByTestId('enrich-cost')).toBeInTheDocument();
    await waitFor(() => expect(fake.calls('GET /api/enrich/:leadId')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.type(await screen.findByLabelText(/Password/), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('enrich-cost')).toBeInTheDocument();
    await waitFor(() => expect(fake.calls('GET /api/enrich/:leadId')).toHaveLength(2));
    expect(fake.calls('GET /api/user/:uid')).toHaveLength(2);
    expect(fake.calls('GET /api/settings-data')).toHaveLength(2);
  });
});
