import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval';
import { answerTypeOf, holdsAnswerType } from './answer-type';
import { type AnswerQuery, extractiveAnswer, sentencesOf, supportingPassages } from './extractive';

const passage = (text: string, overrides: Partial<Passage> = {}): Passage => ({
  source: { kind: 'knowledge_base', title: null, file_id: null },
  text,
  question: null,
  hits: 2,
  held: [],
  support: 1,
  rank: 0.1,
  strong: false,
  ...overrides,
});

/** A query whose words all weigh 1 unless told. */
const query = (question: string, words: string[], weights = words.map(() => 1)): AnswerQuery => ({
  question,
  words,
  weights,
});

const quoted = (text: string | undefined) => text?.split('\n\n').slice(1);

describe('sentencesOf', () => {
  it('splits a passage into whole sentences, line by line, leaving out one cut at its start', () => {
    expect(sentencesOf('of the town. The bus leaves at 7. It is free.\nFees: 60 euros.', 'en')).toEqual([
      { text: 'The bus leaves at 7.', passage: 0, order: 0, line: 0 },
      { text: 'It is free.', passage: 0, order: 1, line: 0 },
      { text: 'Fees: 60 euros.', passage: 0, order: 2, line: 1 },
    ]);
    expect(sentencesOf('¿Hay comedor? Sí.', 'es').map((sentence) => sentence.text)).toEqual([
      '¿Hay comedor?',
      'Sí.',
    ]);
  });

  it('never cuts a sentence after an initial or an abbreviation', () => {
    const texts = (text: string, locale: 'en' | 'es') => sentencesOf(text, locale).map((s) => s.text);
    expect(texts('Lo dirigió William E. Simon, su primer administrador. Duró un año.', 'es')).toEqual([
      'Lo dirigió William E. Simon, su primer administrador.',
      'Duró un año.',
    ]);
    expect(texts('Las velocidades son 3600 RPM en EE. UU. con 60 Hz. En Europa, 3000.', 'es')).toEqual([
      'Las velocidades son 3600 RPM en EE. UU. con 60 Hz.',
      'En Europa, 3000.',
    ]);
    expect(texts('Most U.S. schools open in August. Some open in July.', 'en')).toEqual([
      'Most U.S. schools open in August.',
      'Some open in July.',
    ]);
  });
});

describe('answer types', () => {
  it('reads what a question asks for, in English and Spanish', () => {
    expect(answerTypeOf('When was the university founded?')).toBe('time');
    expect(answerTypeOf('¿En qué año se fundó?')).toBe('time');
    expect(answerTypeOf('How many students are there?')).toBe('number');
    expect(answerTypeOf('¿Cuántos alumnos hay?')).toBe('number');
    expect(answerTypeOf('Who designed the campus?')).toBe('name');
    expect(answerTypeOf('¿Dónde está el colegio?')).toBe('name');
    expect(answerTypeOf('What is the uniform like?')).toBeNull();
    // Without the accent, only at the start: elsewhere "cuando" and "que" are relative words.
    expect(answerTypeOf('cuando abre la matricula?')).toBe('time');
    expect(answerTypeOf('¿A quién apoyó Jamukha?')).toBe('name');
  });

  it('reads only the first question word: a later "when" is not the question', () => {
    expect(answerTypeOf('What sea bordered the empire when Genghis Khan died?')).toBeNull();
    expect(answerTypeOf('¿Qué mar bordeaba el imperio cuando murió?')).toBeNull();
    expect(answerTypeOf('Which year did it open?')).toBe('time');
    expect(answerTypeOf('¿Qué porcentaje de alumnos come en el colegio?')).toBe('number');
    expect(answerTypeOf('¿Cuál era la población de Varsovia en 1901?')).toBe('number');
    expect(answerTypeOf('What was the population of Warsaw in 1901?')).toBe('number');
    expect(answerTypeOf('¿En qué país sigue permitido?')).toBe('name');
    expect(answerTypeOf('What company built the tower?')).toBe('name');
  });

  it('finds that kind of answer in a sentence, not in the words of the question', () => {
    expect(holdsAnswerType('It was founded in 1890.', 'time', 'When was it founded?')).toBe(true);
    expect(holdsAnswerType('It opens in May.', 'time', 'When does it open?')).toBe(true);
    expect(holdsAnswerType('You may apply online.', 'time', 'When can I apply?')).toBe(false);
    expect(holdsAnswerType('There are twelve classes.', 'number', 'How many classes?')).toBe(true);
    expect(
      holdsAnswerType('The campus was designed by Henry Cobb.', 'name', 'Who designed the campus?'),
    ).toBe(true);
    expect(holdsAnswerType('The Campus was designed long ago.', 'name', 'Who designed the campus?')).toBe(
      false,
    );
  });

  it('does not take a year or a number the question gives for its answer', () => {
    const question = 'When did Polonia win the championship before winning it in 2000?';
    expect(holdsAnswerType('Polonia won the league in 2000.', 'time', question)).toBe(false);
    expect(holdsAnswerType('They also won the championship in 1946.', 'time', question)).toBe(true);
    expect(holdsAnswerType('It won in 2000, after a final in April.', 'time', question)).toBe(true);
    expect(holdsAnswerType('Grade 5 has 24 pupils.', 'number', 'How many pupils are in grade 5?')).toBe(true);
    expect(holdsAnswerType('Grade 5 is the last grade.', 'number', 'How many pupils are in grade 5?')).toBe(
      false,
    );
  });
});

describe('extractiveAnswer', () => {
  it("answers a strong FAQ with the FAQ's answer alone", () => {
    const faq = passage('It is 450 euros.', {
      strong: true,
      source: { kind: 'faq', title: 'How much?', file_id: null },
    });
    expect(
      extractiveAnswer([faq, passage('Other text about fees.')], query('Fees?', ['fees']), 'en'),
    ).toEqual({
      text: 'It is 450 euros.',
      sources: [{ kind: 'faq', title: 'How much?', file_id: null }],
    });
  });

  it('quotes the sentence holding the most weight first, then more, each once and whole', () => {
    const file = { kind: 'file' as const, title: 'fees.pdf', file_id: 3 };
    const answer = extractiveAnswer(
      [
        passage('Lunch costs 95 euros a month. The bus costs 60 euros a month.'),
        passage('The bus costs 60 euros a month. Uniforms are extra.', { source: file }),
        passage('Lunch is served at noon.', { source: { kind: 'file', title: 'menu.pdf', file_id: 4 } }),
      ],
      query('¿Cuesta algo el bus?', ['bus', 'costs']),
      'es',
    );
    expect(answer?.text.startsWith('Esto es lo que encontré:\n\n')).toBe(true);
    expect(quoted(answer?.text)).toEqual([
      'The bus costs 60 euros a month.',
      'Lunch costs 95 euros a month.',
    ]);
    expect(answer?.sources).toEqual([{ kind: 'knowledge_base', title: null, file_id: null }]);
  });

  it('quotes three sentences at most, those after the first only when they score close to it', () => {
    const route = query('Bus route?', ['bus', 'route']);
    const four = passage(
      'The bus route starts at the station. The bus route passes the park. The bus route ends at the school. The bus route is new.',
    );
    expect(quoted(extractiveAnswer([four], route, 'en')?.text)).toEqual([
      'The bus route starts at the station.',
      'The bus route passes the park.',
      'The bus route ends at the school.',
    ]);
    // "The bus is yellow." holds the lighter half of the question: not worth a third sentence.
    const mixed = passage(
      'The bus route starts at the station. The bus is yellow. The bus route ends at the school.',
    );
    expect(quoted(extractiveAnswer([mixed], route, 'en')?.text)).toEqual([
      'The bus route starts at the station.',
      'The bus route ends at the school.',
    ]);
    // Nor a second one when it holds little of what the best holds.
    const weighed = query('Bus route?', ['bus', 'route'], [1, 4]);
    expect(
      quoted(
        extractiveAnswer([passage('The bus is yellow. The bus route starts at the station.')], weighed, 'en')
          ?.text,
      ),
    ).toEqual(['The bus route starts at the station.']);
  });

  it('counts, less, the words the sentence before holds: a sentence goes on from it', () => {
    const text = 'Tesla moved to Colorado. The lab there cost a fortune. Years later, the lab was sold.';
    const answer = extractiveAnswer(
      [passage(text)],
      query('What did the lab of Tesla cost?', ['lab', 'tesla']),
      'en',
    );
    expect(quoted(answer?.text)?.[0]).toBe('The lab there cost a fortune.');
    // Not across paragraphs: a sentence on another line starts afresh.
    const apart = extractiveAnswer(
      [passage('Tesla moved to Colorado.\nYears later, the lab was sold. The lab there cost a fortune.')],
      query('What did the lab of Tesla cost?', ['lab', 'tesla']),
      'en',
    );
    expect(quoted(apart?.text)?.[0]).toBe('Tesla moved to Colorado.');
  });

  it('quotes second the sentence after the best when it holds the kind of answer the best lacks', () => {
    const words = ['robotics', 'club', 'founded'];
    const text =
      'The robotics club was founded by Ms Reyes. It opened its doors in 1998. The club meets on Thursdays.';
    const answer = extractiveAnswer(
      [passage(text)],
      query('When was the robotics club founded?', words),
      'en',
    );
    expect(quoted(answer?.text)).toEqual([
      'The robotics club was founded by Ms Reyes.',
      'It opened its doors in 1998.',
    ]);
    // Not when the best holds a year itself, nor from the next paragraph.
    const typed = extractiveAnswer(
      [passage('The robotics club was founded in 1990 by Ms Reyes. It opened its doors in 1998.')],
      query('When was the robotics club founded?', words),
      'en',
    );
    expect(quoted(typed?.text)).toEqual(['The robotics club was founded in 1990 by Ms Reyes.']);
    const apart = extractiveAnswer(
      [passage('The robotics club was founded by Ms Reyes.\nIt opened its doors in 1998.')],
      query('When was the robotics club founded?', words),
      'en',
    );
    expect(quoted(apart?.text)).toEqual(['The robotics club was founded by Ms Reyes.']);
  });

  it('weighs a rare word over a common one, and prefers the kind of answer asked for', () => {
    const text =
      'The school has a library. The library was opened by the mayor. The school library opened in 1998.';
    // "opened" is rare, "school" common: the sentence with "opened" and a year leads.
    const answer = extractiveAnswer(
      [passage(text)],
      query('When was the school library opened?', ['school', 'library', 'opened'], [0.2, 1, 3]),
      'en',
    );
    expect(quoted(answer?.text)?.[0]).toBe('The school library opened in 1998.');
  });

  it('never cuts a sentence, however long the best one is', () => {
    const long = `The fee covers ${'books and trips, '.repeat(60)}and lunch.`;
    const answer = extractiveAnswer(
      [passage(long)],
      query('What does the fee cover?', ['fee', 'cover']),
      'en',
    );
    expect(quoted(answer?.text)).toEqual([long]);
  });

  it('is null without supporting passages', () => {
    expect(extractiveAnswer([], query('Bus?', ['bus']), 'en')).toBeNull();
  });
});

describe('supportingPassages', () => {
  it('keeps the passages holding enough of the question by weight, unless it is mostly unknown', () => {
    const strong = passage('a', { support: 0.7 });
    const weak = passage('b', { support: 0.2 });
    const found = (passages: Passage[], unknown: string[] = []) => ({
      words: ['plastome', 'discovered'],
      weights: [5, 3],
      unknown,
      passages,
    });
    expect(supportingPassages(found([strong, weak]))).toEqual([strong]);
    // Mostly about what the knowledge never mentions: nothing supports an answer.
    expect(supportingPassages(found([strong, weak], ['plastome']))).toEqual([]);
    expect(supportingPassages(found([strong, weak], ['discovered']))).toEqual([strong]);
    const faq = passage('c', { strong: true, source: { kind: 'faq', title: 'Q', file_id: null } });
    expect(supportingPassages(found([faq, strong], ['plastome']))).toEqual([faq]);
  });
});
