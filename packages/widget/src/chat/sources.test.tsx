/**
 * An answer's sources as the chat shows them: each named once, in the visitor's language; a website
 * page's title links to the page in a new tab, and only an http(s) address becomes a link.
 */
import { I18nProvider } from '@lingui/react';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, expect, it } from 'vitest';
import { createChatI18n } from './i18n';
import { Sources } from './message-list';

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) act(() => render(null, root!));
  root?.remove();
  root = null;
});

function show(sources: Parameters<typeof Sources>[0]['sources'], locale: 'en' | 'es' = 'en') {
  root = document.createElement('div');
  document.body.append(root);
  act(() =>
    render(
      <I18nProvider i18n={createChatI18n(locale)}>
        <Sources sources={sources} />
      </I18nProvider>,
      root!,
    ),
  );
  return root;
}

it('links a website page to itself and names every source once', () => {
  const shown = show([
    { kind: 'website', title: 'Admissions', file_id: null, url: 'https://school.example/admissions' },
    { kind: 'website', title: 'Admissions', file_id: null, url: 'https://school.example/admissions' },
    { kind: 'faq', title: 'When is the open day?', file_id: null },
    { kind: 'knowledge_base', title: null, file_id: null },
  ]);
  expect(shown.textContent).toBe('Sources: Admissions, When is the open day?, Knowledge base');
  const links = shown.querySelectorAll('a');
  expect(links).toHaveLength(1);
  expect(links[0]!.textContent).toBe('Admissions');
  expect(links[0]!.getAttribute('href')).toBe('https://school.example/admissions');
  expect(links[0]!.getAttribute('target')).toBe('_blank');
  expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
});

it('speaks Spanish, and makes no link of an address that is not http(s)', () => {
  const shown = show(
    [{ kind: 'website', title: 'Calendario', file_id: null, url: 'javascript:alert(1)' }],
    'es',
  );
  expect(shown.textContent).toBe('Fuentes: Calendario');
  expect(shown.querySelector('a')).toBeNull();
});
