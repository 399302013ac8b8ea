import type { ZohoField, ZohoRecord } from '../src/sdk/zoho-types';

/** Sample Zoho Leads for the stand-in CRM: three complete ones, two with missing fields. */
export const SAMPLE_LEADS: ZohoRecord[] = [
  {
    id: '3000000032001',
    First_Name: 'Maria',
    Last_Name: 'Lopez',
    Full_Name: 'Maria Lopez',
    Company: 'Northwind Logistics',
    Designation: 'VP of Operations',
    Email: 'maria.lopez@northwind.example',
    Phone: '+1 512 555 0101',
    Website: 'https://northwind.example',
    Industry: 'Logistics',
    Description: 'Expanding the fleet to three new regional hubs this year; asked about route planning at a trade show.',
    City: 'Austin',
    State: 'Texas',
    Country: 'United States',
    No_of_Employees: 850,
    Lead_Source: 'Trade Show',
    Lead_Status: 'Contacted',
    Owner: { name: 'Sam Seller', id: '3000000010001' },
    LinkedIn_Profile: 'https://www.linkedin.com/in/maria-lopez-example',
  },
  {
    id: '3000000032002',
    First_Name: 'Kenji',
    Last_Name: 'Watanabe',
    Full_Name: 'Kenji Watanabe',
    Company: 'Brightleaf Analytics',
    Designation: 'Head of Data',
    Email: 'kenji@brightleaf.example',
    Website: 'https://brightleaf.example',
    Industry: 'Software',
    City: 'Berlin',
    Country: 'Germany',
    No_of_Employees: 120,
    Lead_Source: 'Web Download',
    Lead_Status: 'Not Contacted',
    Owner: { name: 'Sam Seller', id: '3000000010001' },
  },
  {
    id: '3000000032003',
    First_Name: 'Aisha',
    Last_Name: 'Okafor',
    Full_Name: 'Aisha Okafor',
    Company: 'Greenfield Health',
    Designation: 'Procurement Director',
    Email: 'aisha.okafor@greenfield.example',
    Industry: 'Healthcare',
    City: 'Lagos',
    Country: 'Nigeria',
    Lead_Source: 'Partner',
    Owner: { name: 'Sam Seller', id: '3000000010001' },
  },
  {
    // Missing company, title, industry, website and description: enough for a name only → refused.
    id: '3000000032004',
    First_Name: null,
    Last_Name: 'Brown',
    Full_Name: 'Brown',
    Email: 'brown@example.com',
    Owner: { name: 'Sam Seller', id: '3000000010001' },
  },
  {
    // A name and a company, nothing else: enough to personalise, with gaps shown.
    id: '3000000032005',
    First_Name: 'Tom',
    Last_Name: 'Nguyen',
    Full_Name: 'Tom Nguyen',
    Company: 'Nguyen Bakeries',
    Owner: { name: 'Sam Seller', id: '3000000010001' },
  },
];

/** The Leads layout's fields as META.getFields returns them (a custom LinkedIn field among them). */
export const SAMPLE_LEAD_FIELDS: ZohoField[] = [
  { api_name: 'First_Name', field_label: 'First Name', data_type: 'text', custom_field: false },
  { api_name: 'Last_Name', field_label: 'Last Name', data_type: 'text', custom_field: false },
  { api_name: 'Company', field_label: 'Company', data_type: 'text', custom_field: false },
  { api_name: 'Designation', field_label: 'Title', data_type: 'text', custom_field: false },
  { api_name: 'LinkedIn_Profile', field_label: 'LinkedIn Profile', data_type: 'website', custom_field: true },
];
