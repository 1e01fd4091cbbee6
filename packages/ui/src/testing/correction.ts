/** Correcting an answer through the connected "Correct" part (forms/correct-answer.tsx), as a person does. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Clicks `correct` (an answer's Correct button), lets `check` look at the editor as it opens,
 * writes `answer` in it, saves, and waits for the confirmation.
 */
export async function saveCorrection(
  user: UserEvent,
  correct: HTMLElement,
  answer: string,
  check: (editor: HTMLTextAreaElement) => void = () => undefined,
): Promise<void> {
  await user.click(correct);
  const editor = screen.getByLabelText('Corrected answer') as HTMLTextAreaElement;
  check(editor);
  await user.clear(editor);
  await user.type(editor, answer);
  await user.click(screen.getByRole('button', { name: 'Save correction' }));
  expect(
    await screen.findByText(
      'The correction was saved: the assistant answers this question with it from now on.',
    ),
  ).toBeTruthy();
}
