import { expect, it } from 'vitest';
import { readConfig } from './config';

/** A document holding a `#conversa-config` element with this JSON. */
function page(config: unknown): Document {
  const doc = document.implementation.createHTMLDocument('chat');
  const script = doc.createElement('script');
  script.id = 'conversa-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify(config);
  doc.body.append(script);
  return doc;
}

const base = { mode: 'page', external_id: 'a1b2c3', api: '/api', parent_origin: null };
const snippet = { color: '#112233', position: 'right', greeting: '' };

it('keeps the rendered assistant, an active one with its name', () => {
  const assistant = {
    name: 'Admisiones',
    logo: null,
    suggested_questions: ['¿Cuándo?'],
    active: true,
    locale: 'es',
    kind: 'admissions',
    institution_id: 7,
    snippet,
  };
  expect(readConfig(page({ ...base, assistant }))?.assistant).toEqual(assistant);
});

it('keeps the rendered assistant of an inactive link, which has no name (the chat shows the notice at once)', () => {
  const assistant = {
    name: null,
    logo: null,
    suggested_questions: [],
    active: false,
    locale: 'es',
    kind: 'admissions',
    institution_id: 7,
    snippet,
  };
  expect(readConfig(page({ ...base, assistant }))?.assistant).toEqual(assistant);
});

it('drops a malformed assistant, and a config without an id', () => {
  expect(readConfig(page({ ...base, assistant: { name: 'x' } }))?.assistant).toBeNull();
  expect(readConfig(page({ ...base, external_id: '' }))).toBeNull();
});
