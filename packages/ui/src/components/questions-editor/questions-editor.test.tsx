import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useForm } from '../../forms/use-form';
import { renderUi } from '../../testing/render';
import {
  QuestionsEditor,
  QuestionsFormSchema,
  questionField,
  questionRows,
  questionsToSave,
} from './questions-editor';

interface HarnessProps {
  initial: string[];
  onValues?: (values: string[]) => void;
  errors?: Record<number, string>;
  disabled?: boolean;
  readOnly?: boolean;
}

function Harness({ initial, onValues, errors = {}, disabled, readOnly }: HarnessProps) {
  const form = useForm(QuestionsFormSchema, questionRows(initial));
  const texts = form.watch('questions').map((row) => row.text);
  // Compared by content: the form may hand back the same array, changed in place.
  const key = JSON.stringify(texts);
  useEffect(() => {
    for (const [index, message] of Object.entries(errors))
      form.setError(`questions.${Number(index)}.text`, { type: 'server', message });
  }, []);
  useEffect(() => onValues?.(texts), [key]);
  return <QuestionsEditor form={form} disabled={disabled} readOnly={readOnly} />;
}

const limit = 'That is the most: up to 3 suggested questions. Remove one to add another.';
const fields = () => screen.queryAllByLabelText(/^Question \d/) as HTMLInputElement[];

describe('QuestionsEditor', () => {
  it('adds up to three questions, focusing each new one, then says why it stops', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    renderUi(<Harness initial={[]} onValues={onValues} />);
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
    renderUi(<Harness initial={['Uno', 'Dos', 'Tres']} />);
    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(fields().map((field) => field.value)).toEqual(['Uno', 'Tres']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.queryByText(limit)).toBeNull();
  });

  it('shows an error under its question', () => {
    renderUi(<Harness initial={['Uno', 'Dos']} errors={{ 1: 'Too long.' }} />);
    const rows = within(screen.getByRole('list', { name: 'Suggested questions' })).getAllByRole('listitem');
    expect(within(rows[1]!).getByText('Too long.')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Too long.')).toBeNull();
  });

  it('locks every control while disabled, and shows only the questions when read-only', () => {
    const { unmount } = renderUi(<Harness initial={['Uno']} disabled />);
    expect(fields()[0]).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add a question' })).toHaveProperty('disabled', true);
    unmount();
    renderUi(<Harness initial={['Uno']} readOnly />);
    expect(fields()[0]).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks Spanish', () => {
    renderUi(<Harness initial={['Uno']} />, { locale: 'es' });
    expect(screen.getByRole('button', { name: 'Añadir una pregunta' })).toBeTruthy();
  });
});

describe('questionsToSave', () => {
  it('trims and leaves blanks out', () => {
    expect(questionsToSave(['  Uno ', '', '   ', 'Dos'])).toEqual(['Uno', 'Dos']);
  });
});

describe('questionField', () => {
  it("places an issue of a question under its row and ignores the others' paths", () => {
    expect(questionField('suggested_questions.1')).toBe('questions.1.text');
    expect(questionField('name')).toBeNull();
  });
});
