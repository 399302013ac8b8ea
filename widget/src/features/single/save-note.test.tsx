import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStandInZoho } from '../../../dev/standin-zoho';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from '../../../dev/sample-leads';
import { fakeApi, services } from '../../../test/fakes';
import { createZohoCrm, type ZohoCrm } from '../../sdk/zoho-crm';
import { Shell } from '../../app/Shell';
import { WIDGET_TEXT } from '../../app/messages';
import { addNoteOnce } from '../../leads/notes-once';

configure({ asyncUtilTimeout: 10_000 });

const maria = SAMPLE_LEADS[0]!;

describe('Save to lead notes saves one result once', () => {
  it('after a save the button says "Saved to notes" and is disabled; clicks and a tab round trip add no copy', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi({ credits: 20 });
    const standIn = createStandInZoho({
      pageLoad: { Entity: 'Leads', EntityId: maria.id },
      leads: SAMPLE_LEADS,
      fields: SAMPLE_LEAD_FIELDS,
    });
    render(<Shell loadCrm={async () => createZohoCrm(standIn.zoho)} services={services(api)} />);

    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    const save = await screen.findByRole('button', { name: 'Save to lead notes' });
    // Two clicks in the same moment (a double click before React re-renders): one note.
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByTestId('note-saved')).toHaveTextContent(WIDGET_TEXT.noteSaved);
    const saved = screen.getByRole('button', { name: 'Saved to notes' });
    expect(saved).toBeDisabled();
    fireEvent.click(saved);
    await user.click(saved);
    expect(standIn.notes).toHaveLength(1);

    // Leaving the tab and coming back shows the same result, still saved.
    await user.click(screen.getByRole('tab', { name: 'Icebreak' }));
    await user.click(screen.getByRole('tab', { name: 'Enrich' }));
    expect(await screen.findByRole('button', { name: 'Saved to notes' })).toBeDisabled();
    expect(standIn.notes).toHaveLength(1);

    // A new result (Generate again, here one output only) can be saved: it is a different note.
    await user.click(screen.getByRole('checkbox', { name: /Cold-call script/ }));
    await user.click(screen.getByRole('button', { name: 'Generate (1 credit)' }));
    await user.click(await screen.findByRole('button', { name: 'Save to lead notes' }));
    expect(await screen.findByRole('button', { name: 'Saved to notes' })).toBeDisabled();
    expect(standIn.notes).toHaveLength(2);
  });

  it('a result the lead already has in Zoho (saved when the widget was open before) shows as saved and is not written again', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi({ credits: 20 });
    const standIn = createStandInZoho({
      pageLoad: { Entity: 'Leads', EntityId: maria.id },
      leads: SAMPLE_LEADS,
      fields: SAMPLE_LEAD_FIELDS,
    });
    const first = render(<Shell loadCrm={async () => createZohoCrm(standIn.zoho)} services={services(api)} />);
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    await user.click(await screen.findByRole('button', { name: 'Save to lead notes' }));
    expect(await screen.findByRole('button', { name: 'Saved to notes' })).toBeDisabled();
    first.unmount();

    // The widget is opened again on the same lead (a new SDK connection, no memory of the save) and the same result is shown.
    render(<Shell loadCrm={async () => createZohoCrm(standIn.zoho)} services={services(api)} />);
    await user.click(await screen.findByRole('button', { name: 'Generate (2 credits)' }));
    expect(await screen.findByRole('button', { name: 'Saved to notes' })).toBeDisabled();
    expect(standIn.notes).toHaveLength(1);
  });

  it("the lead's notes are read before the first write; when they cannot be read the note is saved all the same", async () => {
    const note = { title: 'Icebreak & Enrich', content: 'Hi Maria,\nsaw your talk.' };
    const saved = { entity: 'Leads', recordId: 'lead-9', id: 'note-0', ...note, content: 'Hi Maria,\r\nsaw your talk.\n' };
    const having = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: 'lead-9' }, leads: [], notes: [saved] });
    expect(await addNoteOnce(createZohoCrm(having.zoho), 'Leads', 'lead-9', note)).toBe(false);
    expect(await addNoteOnce(createZohoCrm(having.zoho), 'Leads', 'lead-9', { ...note, content: 'Another text' })).toBe(true);
    expect(having.notes).toHaveLength(2);

    const unreadable = createStandInZoho({ pageLoad: { Entity: 'Leads', EntityId: 'lead-9' }, leads: [], failListNotes: true });
    expect(await addNoteOnce(createZohoCrm(unreadable.zoho), 'Leads', 'lead-9', note)).toBe(true);
    expect(unreadable.notes).toHaveLength(1);
  });

  it('concurrent saves of one text write once; a failed save can be tried again', async () => {
    let release!: () => void;
    const addNote = vi.fn(
      () =>
        new Promise<string | null>((resolve) => {
          release = () => resolve('note-1');
        }),
    );
    const listNotes = vi.fn(async () => []);
    const crm = { addNote, listNotes } as unknown as ZohoCrm;
    const note = { title: 'Title', content: 'Body' };
    const first = addNoteOnce(crm, 'Leads', 'lead-1', note);
    const second = addNoteOnce(crm, 'Leads', 'lead-1', note);
    await vi.waitFor(() => expect(addNote).toHaveBeenCalled()); // after the lead's notes were read
    release();
    expect(await Promise.all([first, second])).toEqual([true, false]);
    expect(await addNoteOnce(crm, 'Leads', 'lead-1', note)).toBe(false);
    expect(addNote).toHaveBeenCalledTimes(1);
    // Another lead or another text is another note.
    addNote.mockResolvedValue('note-2');
    expect(await addNoteOnce(crm, 'Leads', 'lead-2', note)).toBe(true);
    expect(await addNoteOnce(crm, 'Leads', 'lead-1', { ...note, content: 'Other' })).toBe(true);

    addNote.mockRejectedValueOnce(new Error('denied'));
    await expect(addNoteOnce(crm, 'Leads', 'lead-3', note)).rejects.toThrow('denied');
    expect(await addNoteOnce(crm, 'Leads', 'lead-3', note)).toBe(true);
  });
});
