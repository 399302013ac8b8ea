import { describe, expect, it } from 'vitest';
import { extractProfile } from './extract-profile';
import { readPeople } from './extract-profile-prospect';

/** The person `readPeople` says the text is about, when it is not `chosen`. */
const otherProspect = (text: string, chosen: string) => {
  const people = readPeople(text, chosen);
  return people?.switched ? people.prospect : null;
};

describe('who a text about several people is about', () => {
  it('is the person someone introduced, not the one who introduced them', () => {
    const text =
      'Marisol Quintero introduced me to Tendai Moyo, who runs procurement at Zambezi Grain in Harare. Marisol used to work with him at Seed Co.';
    expect(otherProspect(text, 'Marisol Quintero')?.name).toBe('Tendai Moyo');
    const cousin = "Yaw, an old classmate, put me in touch with his sister Efua Mensah. She's the COO of Volta Cocoa in Kumasi.";
    expect(otherProspect(cousin, 'Yaw')?.name).toBe('Efua Mensah');
  });

  it('is the one the text calls our contact or the person we need', () => {
    const contact =
      'Account brief: Halden Freight. Their CEO, Magnus Strand, keynoted at Nor-Shipping, but our contact there is Ingrid Solheim.';
    expect(otherProspect(contact, 'Magnus Strand')?.name).toBe('Ingrid Solheim');
    const needed = 'Their founder, Pieter Smit, is stepping back. The person we need is Lindiwe Dube; she runs every purchase now.';
    expect(otherProspect(needed, 'Pieter Smit')?.name).toBe('Lindiwe Dube');
  });

  it('is the one a note says to chase, who signs off, who wrote in, or who writes in the first person', () => {
    const chase =
      'Met two people from Corrib & Lane at the Galway meetup: the partner Aoife Lane and their IT lead Cathal. The one to chase is Cathal Ó Briain, IT Manager.';
    expect(otherProspect(chase, 'Aoife Lane')?.name).toBe('Cathal Ó Briain');
    const signs =
      'Spoke with both founders of Wattle Row today. Mina is the designer; the one who signs off on spend is her co-founder Tobias Reyes.';
    expect(otherProspect(signs, 'Mina')?.name).toBe('Tobias Reyes');
    expect(readPeople('We got an inbound from Chidera Okoro. She runs Harbour Line Couriers in Lagos.', '')?.prospect.name).toBe(
      'Chidera Okoro',
    );
    expect(readPeople("ABOUT ME\nTen years in retail. I'm Isla Fairbairn and I'm based in Dundee.", 'ME')?.prospect.name).toBe(
      'Isla Fairbairn',
    );
  });

  it('is the full name a cue gives a first name read alone, and no more than it', () => {
    const note = 'mtg w/ Kavya + her CFO 12/3. Kavya Ranganathan = our contact, COO @ Tirupur Knits.';
    expect(readPeople(note, 'Kavya')?.prospect.name).toBe('Kavya Ranganathan');
    // A business named after its owner is no fuller name.
    expect(readPeople('Hartono runs Hartono Jaya Furniture in Jepara.', 'Hartono')?.prospect.name ?? 'Hartono').toBe('Hartono');
  });

  it('is the one the text comes back to, with the title it gives them', () => {
    const text = [
      'Notes from the Agritech Expo. Their chairman, Bernard Okafor, opened the meeting and left early.',
      'Kwame Boateng is Head of Operations at Ashanti Greenhouses. He joined from Olam in 2022. He wants sensors that survive the dry season.',
      'Kwame also coaches a youth football team.',
    ].join('\n\n');
    expect(otherProspect(text, 'Bernard Okafor')).toEqual({ name: 'Kwame Boateng', title: 'Head of Operations' });
    const profile = extractProfile(text);
    expect([profile.firstName, profile.lastName]).toEqual(['Kwame', 'Boateng']);
    expect(profile.role).toBe('Head of Operations');
  });

  it('resolves a name the person goes by to their full name', () => {
    const text =
      'Their CEO, Rohan Kapoor, spoke at Slush. Our contact is Tan Mei Ling (she goes by Mel). Mel is Head of Risk and is based in Singapore.';
    expect(otherProspect(text, 'Rohan Kapoor')?.name).toBe('Tan Mei Ling');
  });

  it('keeps the person read when the text is about one person, or as much about the other', () => {
    expect(otherProspect('Dr. Ana Ruiz is CTO at Lumen Bio. She loves sailing.', 'Ana Ruiz')).toBeNull();
    expect(otherProspect('Met Sara Lind and Johan Berg from Kiruna Mining. Sara is CFO, Johan is COO.', 'Sara Lind')).toBeNull();
    // A nickname in quotes is the same person.
    const nick = 'Margaret "Peggy" Doyle is IT director at Shannon Mills. Peggy wants fewer vendors. Her boss, Tom Reilly, CEO, signs.';
    expect(otherProspect(nick, 'Margaret "Peggy" Doyle')).toBeNull();
  });

  it('leaves out the title and the name of the others it names', () => {
    const text =
      'Account brief: Halden Freight. Their CEO, Magnus Strand, keynoted at Nor-Shipping, but our contact there is Ingrid Solheim.';
    expect(readPeople(text, 'Ingrid Solheim')?.others).toEqual([{ name: 'Magnus Strand', title: 'CEO' }]);
    const profile = extractProfile(text);
    expect([profile.firstName, profile.lastName, profile.role, profile.company]).toEqual(['Ingrid', 'Solheim', '', '']);
    const intro = 'Marisol Quintero introduced me to Tendai Moyo, who runs procurement at Zambezi Grain in Harare.';
    expect([extractProfile(intro).firstName, extractProfile(intro).company]).toEqual(['Tendai', 'Zambezi Grain']);
  });

  it('takes no business, place or labelled line for a person', () => {
    const note = 'Name: Ola Nordmann\nTitle: Head of IT\nCompany: Fjord College\nLocation: Bergen\nNotes: College is replacing its BMS.';
    expect(otherProspect(note, 'Ola Nordmann')).toBeNull();
    const places = 'Ayo Bello moved to Lagos. Lagos Harbour Logistics, a freight company, is his employer; Lagos is busy.';
    expect(otherProspect(places, 'Ayo Bello')).toBeNull();
  });
});
