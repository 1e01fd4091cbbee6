import type { Faq } from '@conversa/contract/assistant';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { FaqsPage } from './faqs';

const api = connectedApi();

/** The FAQs the server holds for the owner's assistant, with their ids. */
const savedFaqs = async ({ assistant, as }: SignedInOwner) =>
  (await api.server.call<{ data: { faqs: Faq[] } }>(`/api/institution-product/${assistant.id}/faq`, as)).body
    .data.faqs;

/** Their questions and answers. */
const faqsOf = async (owner: SignedInOwner) =>
  (await savedFaqs(owner)).map(({ question, answer }) => ({ question, answer }));

describe('FaqsPage', () => {
  it("starts a new FAQ with the question brought by the dashboard's 'Add as FAQ', its answer focused", async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    await api.server.call(`/api/institution-product/${school.assistant.id}/faq`, {
      ...school.as,
      method: 'PUT',
      json: { faqs: [{ question: '¿Hay comedor?', answer: 'Sí.' }] },
    });
    renderConnected(
      <FaqsPage
        assistantId={school.assistant.id}
        onNavigate={vi.fn()}
        newQuestion="¿Tienen club de robótica?"
      />,
      { client: school.client },
    );
    const questions = await screen.findAllByLabelText(/^Question/);
    expect(questions.map((field) => (field as HTMLInputElement).value)).toEqual([
      '¿Hay comedor?',
      '¿Tienen club de robótica?',
    ]);
    const answer = screen.getAllByLabelText(/^Answer/)[1]!;
    await waitFor(() => expect(document.activeElement).toBe(answer));
    await user.keyboard('Sí, los martes.');
    await user.click(screen.getByRole('button', { name: 'Save FAQs' }));
    expect(await screen.findByText('FAQ was successfully updated.')).toBeTruthy();
    expect(await faqsOf(school)).toEqual([
      { question: '¿Hay comedor?', answer: 'Sí.' },
      { question: '¿Tienen club de robótica?', answer: 'Sí, los martes.' },
    ]);
  });

  it("adds, edits, reorders and removes FAQs, saving the list in order: 'FAQ was successfully updated.'", async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    renderConnected(<FaqsPage assistantId={school.assistant.id} onNavigate={vi.fn()} />, {
      client: school.client,
    });
    expect(await screen.findByText('No FAQs yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FAQs' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    // The new FAQ's question takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText(/^Question/)[0]));
    await user.keyboard('¿Hay comedor?');
    await user.type(screen.getAllByLabelText(/^Answer/)[0]!, 'Sí, con menú diario.');
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await user.type(screen.getAllByLabelText(/^Question/)[1]!, '¿Cuándo es la matrícula?');
    await user.type(screen.getAllByLabelText(/^Answer/)[1]!, 'En marzo.');

    // Empty fields are refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await user.click(screen.getByRole('button', { name: 'Save FAQs' }));
    // The resolver checks asynchronously: wait for every message, not just the first.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(await faqsOf(school)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove FAQ 3' }));
    expect(screen.getByText('FAQ 3 removed.')).toBeTruthy();

    // Move the second one up: it becomes FAQ 1, announced, and the focus stays on its move buttons.
    await user.click(screen.getByRole('button', { name: 'Move FAQ 2 up' }));
    expect(screen.getByText('FAQ moved to position 1 of 2.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move FAQ 1 down' })),
    );
    const items = within(screen.getByRole('list', { name: 'FAQs' })).getAllByRole('listitem');
    expect((within(items[0]!).getByLabelText(/^Question/) as HTMLInputElement).value).toBe(
      '¿Cuándo es la matrícula?',
    );

    await user.click(screen.getByRole('button', { name: 'Save FAQs' }));
    expect(await screen.findByText('FAQ was successfully updated.')).toBeTruthy();
    expect(await faqsOf(school)).toEqual([
      { question: '¿Cuándo es la matrícula?', answer: 'En marzo.' },
      { question: '¿Hay comedor?', answer: 'Sí, con menú diario.' },
    ]);
  });

  it('keeps a FAQ the same FAQ when both its question and its answer are rewritten', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    await api.server.call(`/api/institution-product/${school.assistant.id}/faq`, {
      ...school.as,
      method: 'PUT',
      json: {
        faqs: [
          { question: '¿Hay comedor?', answer: 'Sí.' },
          { question: '¿Hay autobús?', answer: 'No.' },
        ],
      },
    });
    const [canteen, bus] = await savedFaqs(school);
    renderConnected(<FaqsPage assistantId={school.assistant.id} onNavigate={vi.fn()} />, {
      client: school.client,
    });
    const question = (await screen.findAllByLabelText(/^Question/))[1]!;
    await user.clear(question);
    await user.type(question, '¿Tienen transporte escolar?');
    const answer = screen.getAllByLabelText(/^Answer/)[1]!;
    await user.clear(answer);
    await user.type(answer, 'Sí, tres rutas.');
    await user.click(screen.getByRole('button', { name: 'Save FAQs' }));
    expect(await screen.findByText('FAQ was successfully updated.')).toBeTruthy();
    expect(await savedFaqs(school)).toEqual([
      canteen,
      { id: bus!.id, question: '¿Tienen transporte escolar?', answer: 'Sí, tres rutas.' },
    ]);

    // Saved again unchanged, after the form took the saved list: still the same two.
    await user.click(screen.getByRole('button', { name: 'Save FAQs' }));
    await waitFor(() =>
      expect(screen.getAllByText('FAQ was successfully updated.').length).toBeGreaterThan(0),
    );
    expect((await savedFaqs(school)).map((faq) => faq.id)).toEqual([canteen!.id, bus!.id]);
  });

  it('allows three suggested questions at most, says why, and saves them', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    renderConnected(<FaqsPage assistantId={school.assistant.id} onNavigate={vi.fn()} />, {
      client: school.client,
    });
    expect(await screen.findByText('No suggested questions yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add a question' });
    for (const question of ['¿Horario?', '¿Precios?', '¿Uniforme?']) {
      await user.click(add);
      await user.keyboard(question);
    }
    expect(add.hasAttribute('disabled')).toBe(true);
    const limit = 'That is the most: up to 3 suggested questions. Remove one to add another.';
    expect(screen.getByText(limit)).toBeTruthy();
    expect(add.getAttribute('aria-describedby')).toBe(screen.getByText(limit).id);
    await user.click(screen.getByRole('button', { name: 'Save suggested questions' }));
    expect(await screen.findByText('FAQ was successfully updated.')).toBeTruthy();
    expect((await school.detail()).suggested_questions).toEqual(['¿Horario?', '¿Precios?', '¿Uniforme?']);

    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(add.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(add);
  });

  it('only reads for a member who may not train the assistant', async () => {
    const school = await api.signedInOwner('school');
    await api.server.call(`/api/institution-product/${school.assistant.id}/faq`, {
      ...school.as,
      method: 'PUT',
      json: { faqs: [{ question: '¿Hay ruta?', answer: 'Sí.' }] },
    });
    school.client.session.update({ roles: ['order_capture_agent'] });
    renderConnected(<FaqsPage assistantId={school.assistant.id} onNavigate={vi.fn()} />, {
      client: school.client,
    });
    const question = await screen.findByDisplayValue('¿Hay ruta?');
    expect(question.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save FAQs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a question' })).toBeNull();
  });

  it("says 'Not found' for another institution's assistant", async () => {
    const theirs = await api.signedInOwner('school');
    const mine = await api.signedInOwner('school');
    renderConnected(<FaqsPage assistantId={theirs.assistant.id} onNavigate={vi.fn()} />, {
      client: mine.client,
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add FAQ' })).toBeNull();
  });
});
