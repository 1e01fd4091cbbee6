import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { updateKnowledgeBase } from '@conversa/data/knowledge/update-knowledge-base';
import { connectedApi, renderConnected } from '../../testing/connected';
import { saveCorrection } from '../../testing/correction';
import { TryIt } from './try-it';

const api = connectedApi();

describe('TryIt', () => {
  it('answers as a visitor would, showing the passage used and why; says why it did not know', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    await api.server.call(`/api/institution-product/${school.assistant.id}/faq`, {
      ...school.as,
      method: 'PUT',
      json: { faqs: [{ question: 'How much is the tuition fee?', answer: 'The fee is 450 euros a month.' }] },
    });
    renderConnected(<TryIt assistantId={school.assistant.id} />, { client: school.client });

    const field = screen.getByLabelText('Your question');
    await user.type(field, 'How much is the tuition fee?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const tried = await screen.findByRole('list', { name: 'Questions tried' });
    // The answer, and the FAQ's answer quoted under it as the passage used.
    expect(await within(tried).findAllByText('The fee is 450 euros a month.')).toHaveLength(2);
    const why = within(tried).getByRole('group', { name: 'Why this answer' });
    expect(
      within(why).getByText("An FAQ's question covers this question: it answered with the FAQ's own answer."),
    ).toBeTruthy();
    const passage = within(why).getByRole('listitem');
    expect(passage.textContent).toContain('Used');
    expect(passage.textContent).toContain('FAQ: How much is the tuition fee?');
    expect(passage.textContent).toContain('its question covers this one');
    expect((field as HTMLInputElement).value).toBe('');

    await user.type(field, 'Do you have a planetarium or an observatory?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(
      await within(tried).findByText(
        'It was not sure enough that the knowledge answers this, so it said it did not know.',
      ),
    ).toBeTruthy();
    const whys = within(tried).getAllByRole('group', { name: 'Why this answer' });
    expect(whys).toHaveLength(2);
    // How sure it was, under the least it answers at.
    const sure = within(whys[1]!).getByText(
      /^How sure it was that the knowledge answers this: \d+% \(it answers from \d+%\)\.$/,
    );
    const [confidence, needed] = sure.textContent!.match(/\d+/g)!.map(Number);
    expect(confidence).toBeLessThan(needed!);

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('list', { name: 'Questions tried' })).toBeNull();
  });

  it('corrects an answer from Try it: the FAQ gets the corrected answer, and Try it answers with it', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    renderConnected(<TryIt assistantId={school.assistant.id} />, { client: school.client });
    const field = screen.getByLabelText('Your question');
    await user.type(field, 'Is there a summer camp in July?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const tried = await screen.findByRole('list', { name: 'Questions tried' });
    await saveCorrection(
      user,
      await within(tried).findByRole('button', { name: 'Correct' }),
      'Yes, every weekday of July.',
    );
    const faqs = await api.server.call<{ data: { faqs: { question: string; answer: string }[] } }>(
      `/api/institution-product/${school.assistant.id}/faq`,
      school.as,
    );
    expect(faqs.body.data.faqs).toEqual([
      {
        id: expect.any(Number),
        question: 'Is there a summer camp in July?',
        answer: 'Yes, every weekday of July.',
      },
    ]);
    await user.type(field, 'Is there a summer camp in July?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await within(tried).findAllByText('Yes, every weekday of July.')).not.toHaveLength(0);
  });

  it('reads the count of words looked for as English does: "of the 1 word", not "1 words"', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    await updateKnowledgeBase(school.client, school.assistant.id, {
      text: 'The school has a planetarium on its roof, open to families every Friday afternoon.',
    });
    renderConnected(<TryIt assistantId={school.assistant.id} />, { client: school.client });

    await user.type(screen.getByLabelText('Your question'), 'Planetarium?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const why = await screen.findByRole('group', { name: 'Why this answer' });
    const passages = within(why).getByRole('list', { name: 'Passages looked at' });
    expect(within(passages).getByText(/it holds 1 of the 1 word, 100% of its weight/)).toBeTruthy();
  });

  it('says why a question was refused, keeping it in the field', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    // An assistant of another institution: the server answers 404.
    renderConnected(<TryIt assistantId={school.assistant.id + 10_000} />, { client: school.client });
    const field = screen.getByLabelText('Your question');
    await user.type(field, 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect((field as HTMLInputElement).value).toBe('Hello?');
  });
});
