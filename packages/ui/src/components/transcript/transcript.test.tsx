import type { ChatMessage } from '@conversa/contract/chat';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { Transcript } from './transcript';

const messages: ChatMessage[] = [
  {
    id: 1,
    role: 'user',
    text: '¿Hay comedor?',
    sources: [],
    handoff: null,
    created_at: '2025-03-10T09:30:00Z',
  },
  {
    id: 2,
    role: 'assistant',
    text: 'Sí.',
    sources: [
      { kind: 'faq', title: '¿Hay comedor?', file_id: null },
      { kind: 'file', title: 'Guía.pdf', file_id: 3 },
      { kind: 'knowledge_base', title: null, file_id: null },
      { kind: 'website', title: 'Comedor', file_id: null, url: 'https://colegio.example/comedor/' },
    ],
    handoff: { name: 'Ana', email: 'ana@example.com', phone: null, hours: null, message: 'Escríbenos.' },
    created_at: '2025-03-10T09:30:02Z',
  },
];

describe('Transcript', () => {
  it('shows who wrote each message, the sources and the handoff card', () => {
    renderUi(<Transcript label="Messages" messages={messages} />);
    // The messages are the list's own items (the sources are lists inside them).
    const items = [...screen.getByRole('list', { name: 'Messages' }).children];
    expect(items[0]!.textContent).toMatch(/^Visitor · /);
    expect(screen.getByText('FAQ: ¿Hay comedor?')).toBeTruthy();
    expect(screen.getByText('File: Guía.pdf')).toBeTruthy();
    expect(screen.getByText('Knowledge base text')).toBeTruthy();
    // A web page is cited by its title, linked to it.
    expect(screen.getByRole('link', { name: 'Web page: Comedor' }).getAttribute('href')).toBe(
      'https://colegio.example/comedor/',
    );
    expect(screen.getByText('A person was offered')).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Escríbenos.')).toBeTruthy();
  });

  it("shows the visitor's rating and reason, and who corrected the answer", () => {
    const rated: ChatMessage[] = [
      messages[0]!,
      {
        ...messages[1]!,
        rating: 'down',
        rating_reason: 'Cierra en agosto',
        corrected: { by: { id: 3, full_name: 'María López' }, at: '2025-03-11T10:05:00Z', faq_id: 7 },
      },
    ];
    renderUi(
      <Transcript
        label="Messages"
        messages={rated}
        answerActions={(message) => <button>Act on {message.id}</button>}
      />,
    );
    expect(screen.getByText('The visitor rated it not helpful: “Cierra en agosto”')).toBeTruthy();
    expect(screen.getByText(/^Corrected by María López on 11\/03\/2025 \d\d:05$/)).toBeTruthy();
    // The answer's actions, on answers only.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Act on 2']);
  });

  it('speaks Spanish', () => {
    renderUi(<Transcript label="Mensajes" messages={messages} />, { locale: 'es' });
    expect(screen.getAllByText(/^Visitante · /)).toHaveLength(1);
    expect(screen.getByText('Fuentes')).toBeTruthy();
  });
});
