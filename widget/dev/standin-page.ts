/**
 * The stand-in CRM page: a `ZOHO` with the SDK's shapes for the widget it frames (same origin, so the
 * widget finds it through `window.parent.__ICEBREAK_STANDIN__` instead of loading Zoho's SDK).
 * Query parameters preset the form, for tests: api, position (related|detail|list), lead, leads (comma
 * separated), failNotes=1, userShape=flat, width, autoload=0, widget (the widget page's URL).
 */
import type { ZohoPageLoadData } from '../src/sdk/zoho-types';
import type { StandInHost } from '../src/sdk/load-zoho';
import { DEFAULT_API_BASE_URL } from '../src/app/api-base';
import { SAMPLE_LEADS, SAMPLE_LEAD_FIELDS } from './sample-leads';
import { createStandInZoho, type RecordedNote } from './standin-zoho';

declare global {
  interface Window {
    __standinNotes: RecordedNote[];
    __standinResizes: { height: number; width: number }[];
    __standinPageLoad: ZohoPageLoadData | null;
  }
}

const params = new URLSearchParams(location.search);
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('controls');
const position = $<HTMLSelectElement>('position');
const failNotes = $<HTMLInputElement>('fail-notes');
const userShape = $<HTMLSelectElement>('user-shape');
const width = $<HTMLSelectElement>('width');
const api = $<HTMLInputElement>('api');
const choice = $<HTMLFieldSetElement>('lead-choice');
const slot = $<HTMLDivElement>('frame-slot');
const notesList = $<HTMLOListElement>('notes');

window.__standinNotes = [];
window.__standinResizes = [];
window.__standinPageLoad = null;

// Vite's dev server (npm run widget:dev) serves widget/ as its root; the browser test serves app/ beside dev/.
const widgetUrl = params.get('widget') ?? ((import.meta.env.VITE_STANDIN_WIDGET_URL as string | undefined) || '../widget.html');
api.value = params.get('api') ?? (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? DEFAULT_API_BASE_URL;
position.value = params.get('position') ?? 'related';
failNotes.checked = params.get('failNotes') === '1';
userShape.value = params.get('userShape') === 'flat' ? 'flat' : 'users';
width.value = params.get('width') ?? '400';

const presetSingle = params.get('lead') ?? SAMPLE_LEADS[0]!.id;
const presetMany = new Set(
  (
    params.get('leads') ??
    SAMPLE_LEADS.slice(0, 3)
      .map((l) => l.id)
      .join(',')
  ).split(','),
);

function renderLeadChoice() {
  const many = position.value === 'list';
  choice.replaceChildren(
    ...SAMPLE_LEADS.map((lead) => {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = many ? 'checkbox' : 'radio';
      input.name = 'lead';
      input.value = lead.id;
      input.checked = many ? presetMany.has(lead.id) : lead.id === presetSingle;
      const name = [lead.Full_Name, lead.Company].filter(Boolean).join(' · ') || lead.id;
      label.append(input, ` ${name}`);
      return label;
    }),
  );
}

function selectedIds(): string[] {
  return [...choice.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
}

function pageLoadData(): ZohoPageLoadData {
  const ids = selectedIds();
  if (position.value === 'list') return { Entity: 'Leads', EntityId: ids, ButtonPosition: 'ListView' };
  if (position.value === 'detail') return { Entity: 'Leads', EntityId: ids.slice(0, 1), ButtonPosition: 'DetailView' };
  return { Entity: 'Leads', EntityId: ids[0] ?? '' };
}

function showNote(note: RecordedNote) {
  const li = document.createElement('li');
  li.dataset.recordId = note.recordId;
  const title = document.createElement('strong');
  title.textContent = `${note.title} (lead ${note.recordId})`;
  li.append(title, note.content);
  notesList.append(li);
  $('note-count').textContent = String(window.__standinNotes.length);
}

let frame: HTMLIFrameElement | null = null;

function loadWidget() {
  const data = pageLoadData();
  window.__standinPageLoad = data;
  $('page-load').textContent = `PageLoad: ${JSON.stringify(data)}`;
  const host: StandInHost = {
    apiBaseUrl: api.value.trim(),
    createZoho: () =>
      createStandInZoho({
        pageLoad: data,
        leads: SAMPLE_LEADS,
        fields: SAMPLE_LEAD_FIELDS,
        userShape: userShape.value === 'flat' ? 'flat' : 'users',
        failAddNotes: failNotes.checked ? 'reject' : false,
        onNote(note) {
          window.__standinNotes.push(note);
          showNote(note);
        },
        onResize(size) {
          window.__standinResizes.push(size);
          if (frame) frame.style.height = `${Math.max(120, size.height)}px`;
        },
      }).zoho,
  };
  window.__ICEBREAK_STANDIN__ = host;
  frame?.remove();
  frame = document.createElement('iframe');
  frame.title = 'Icebreak & Enrich widget';
  frame.id = 'widget-frame';
  frame.style.width = `${width.value}px`;
  frame.allow = 'clipboard-write';
  frame.src = widgetUrl;
  slot.append(frame);
}

position.addEventListener('change', renderLeadChoice);
form.addEventListener('submit', (e) => {
  e.preventDefault();
  loadWidget();
});
renderLeadChoice();
if (params.get('autoload') !== '0') loadWidget();
