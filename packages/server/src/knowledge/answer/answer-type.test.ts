import { describe, expect, it } from 'vitest';
import { answerTypeOf, holdsAnswerType } from './answer-type';

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
