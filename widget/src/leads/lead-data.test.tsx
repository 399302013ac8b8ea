import { describe, expect, it } from 'vitest';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../dev/sample-leads';
import { describeLead, insufficientDataReason, missingFields, toLead } from './lead-data';

describe('Zoho record → lead', () => {
  it('keeps the standard fields, drops empty ones, adds text-like custom fields by label', () => {
    const lead = toLead(SAMPLE_LEADS[0]!, SAMPLE_LEAD_FIELDS);
    expect(lead).toMatchObject({ id: '3000000032001', First_Name: 'Maria', Company: 'Northwind Logistics', No_of_Employees: 850 });
    expect(lead.extra).toEqual({ 'LinkedIn Profile': 'https://www.linkedin.com/in/maria-lopez-example' });
    expect('Owner' in lead).toBe(false);
    const sparse = toLead({ id: '9', First_Name: null, Last_Name: '  ', Company: '' });
    expect(sparse).toEqual({ id: '9' });
  });

  it('the personalisation rule: a name and one of company/title/industry/website/description', () => {
    expect(insufficientDataReason(toLead(SAMPLE_LEADS[4]!))).toBeNull();
    expect(insufficientDataReason({ id: '1', Company: 'Acme' })).toBe(
      'This lead has too little data to personalise: add a name in Zoho CRM, then try again. Nothing was charged.',
    );
    expect(insufficientDataReason({ id: '1', Email: 'a@b.c' })).toBe(
      'This lead has too little data to personalise: add a name and a company, title, industry, website or description in Zoho CRM, then try again. Nothing was charged.',
    );
    expect(missingFields({ id: '1', Full_Name: 'Ann Lee', Designation: 'CTO' })).toEqual(['company', 'industry', 'website', 'description']);
  });

  it('describes the lead for Icebreak from its fields', () => {
    expect(describeLead(toLead(SAMPLE_LEADS[0]!, SAMPLE_LEAD_FIELDS))).toBe(
      'Maria Lopez, VP of Operations at Northwind Logistics. Based in Austin, Texas, United States. Industry: Logistics. ' +
        'Company size: 850 employees. Website: https://northwind.example. LinkedIn Profile: https://www.linkedin.com/in/maria-lopez-example. ' +
        'Notes: Expanding the fleet to three new regional hubs this year; asked about route planning at a trade show.',
    );
  });
});
