import { setupI18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { QuestionsEditor, questionErrors, questionsToSave } from './questions-editor';

function Controlled({ initial, onValues }: { initial: string[]; onValues?: (values: string[]) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <QuestionsEditor
      values={values}
      onChange={(next) => {
        setValues(next);
        onValues?.(next);
      }}
    />
  );
}

const limit = 'That is the most: up to 3 suggested questions. Remove one to add another.';
const fields = () => screen.queryAllByLabelText(/^Question \d/) as HTMLInputElement[];

describe('QuestionsEditor', () => {
  it('adds up to three questions, focusing each new one, then says why it stops', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    renderUi(<Controlled initial={[]} onValues={onValues} />);
    expect(screen.getByText('No suggested questions yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add a question' });
    expect(screen.getByText('Up to 3 suggested questions.')).toBeTruthy();
    for (const question of ['¿Horario?', '¿Precios?', '¿Uniforme?']) {
      await user.click(add);
      expect(document.activeElement).toBe(fields().at(-1));
      await user.keyboard(question);
    }
    expect(onValues).toHaveBeenLastCalledWith(['¿Horario?', '¿Precios?', '¿Uniforme?']);
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('aria-describedby')).toBe(screen.getByText(limit).id);
  });

  it('removes a question and hands the focus to the add button', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled initial={['Uno', 'Dos', 'Tres']} />);
    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(fields().map((field) => field.value)).toEqual(['Uno', 'Tres']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.queryByText(limit)).toBeNull();
  });

  it('shows an error under its question', () => {
    renderUi(<QuestionsEditor values={['Uno', 'Dos']} errors={{ 1: 'Too long.' }} onChange={vi.fn()} />);
    const rows = within(screen.getByRole('list', { name: 'Suggested questions' })).getAllByRole('listitem');
    expect(within(rows[1]!).getByText('Too long.')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Too long.')).toBeNull();
  });

  it('locks every control while disabled, and shows only the questions when read-only', () => {
    const { rerender } = renderUi(<QuestionsEditor values={['Uno']} disabled onChange={vi.fn()} />);
    expect(fields()[0]).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add a question' })).toHaveProperty('disabled', true);
    rerender(<QuestionsEditor values={['Uno']} readOnly onChange={vi.fn()} />);
    expect(fields()[0]).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks Spanish', () => {
    renderUi(<QuestionsEditor values={['Uno']} onChange={vi.fn()} />, { locale: 'es' });
    expect(screen.getByRole('button', { name: 'Añadir una pregunta' })).toBeTruthy();
  });
});

describe('questionsToSave', () => {
  it('trims and leaves blanks out', () => {
    expect(questionsToSave(['  Uno ', '', '   ', 'Dos'])).toEqual(['Uno', 'Dos']);
  });
});

describe('questionErrors', () => {
  it("keeps the first issue of each question and ignores the others' paths", () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    const issues = [
      { path: 'suggested_questions.1', code: 'custom_a', message: 'First.' },
      { path: 'suggested_questions.1', code: 'custom_b', message: 'Second.' },
      { path: 'name', code: 'custom_c', message: 'Not a question.' },
    ];
    expect(questionErrors(issues, i18n)).toEqual({ 1: 'First.' });
  });
});
