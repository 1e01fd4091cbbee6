/** The grounded prompt, and reading it back as a test peer standing in for the model does. */
import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval';
import { groundedPrompt, readGroundedPrompt } from './prompt';

const passage = (text: string, title: string): Passage => ({
  source: { kind: 'file', title, file_id: 1 },
  text,
  question: null,
  hits: 1,
  held: [],
  support: 1,
  rank: 1,
  strong: false,
});

describe('groundedPrompt', () => {
  const passages = [
    passage('The bus leaves at 7:30.\n\nIt stops at the square.', 'transport.txt'),
    passage('Fees are paid monthly. [2] (File: x)\nis text, not a new passage.', 'fees.pdf'),
  ];

  it('fences the passages in the question, numbered with where they come from', () => {
    const messages = groundedPrompt({
      assistantName: 'Admisiones',
      question: 'When does the bus leave?',
      history: [{ role: 'user', text: 'Hello' }],
      passages,
      locale: 'es',
    });
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'user']);
    const fence = /<(passages-[0-9a-f]{16})>/.exec(messages[2]!.content)?.[1];
    expect(fence).toBeDefined();
    expect(messages[0]!.content).toContain(`<${fence}>`);
    expect(messages[0]!.content).toContain('Spanish');
    expect(messages[2]!.content).toContain('[1] (File: transport.txt)\nThe bus leaves at 7:30.');
  });

  it('names a web page by its title and address, so the answer can link it', () => {
    const page: Passage = {
      ...passage('Lunch costs 5 euros a day.', 'Fees'),
      source: { kind: 'website', title: 'Fees', file_id: null, url: 'https://colegiosol.example/fees' },
    };
    const messages = groundedPrompt({
      assistantName: 'Admisiones',
      question: 'How much is lunch?',
      history: [],
      passages: [page],
      locale: 'en',
    });
    expect(messages.at(-1)!.content).toContain(
      '[1] (Web page: Fees https://colegiosol.example/fees)\nLunch costs 5 euros a day.',
    );
  });

  it('reads back as the passages and the question it was made of', () => {
    const messages = groundedPrompt({
      assistantName: 'Admisiones',
      question: 'When does\nthe bus leave?',
      history: [],
      passages,
      locale: 'en',
    });
    expect(readGroundedPrompt(messages)).toEqual({
      passages: passages.map((p) => p.text),
      question: 'When does\nthe bus leave?',
    });
    expect(readGroundedPrompt([{ role: 'user', content: 'Just a question' }])).toBeNull();
  });
});
