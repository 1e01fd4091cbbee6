import { describe, expect, it } from 'vitest';
import { detectLanguage, isStopword, textSearchConfig } from './language';

describe('detectLanguage', () => {
  it.each([
    ['¿Cuánto cuesta la matrícula?', 'es'],
    ['¿horario de visitas?', 'es'],
    ['cual es el horario de admisiones', 'es'],
    ['Quisiera información sobre las becas para mi hijo', 'es'],
    ['inscripción', 'es'],
    ['How much is the tuition?', 'en'],
    ['What are the school hours?', 'en'],
    ['do you have a bus service', 'en'],
    ['When does the enrolment open?', 'en'],
    ['booking', 'en'],
  ])('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('reads long passages by their function words, not their names', () => {
    const english =
      'The admissions office of Colegio San José in Bogotá is open from Monday to Friday. ' +
      'Families can book a visit with the team and bring the documents of the student. ';
    const spanish =
      'La oficina de admisiones del colegio atiende de lunes a viernes. Las familias pueden ' +
      'reservar una visita con el equipo y traer los documentos del alumno. ';
    expect(detectLanguage(english.repeat(20))).toBe('en');
    expect(detectLanguage(spanish.repeat(20))).toBe('es');
  });

  it('is undecided on text that says nothing about its language', () => {
    for (const text of ['', '2025', 'OK', 'Mozart', '??', 'Wi-Fi 5G'])
      expect(detectLanguage(text), text).toBeNull();
  });

  it('is undecided on an even mix of both', () => {
    const mixed = 'the school and the family '.repeat(10) + 'el colegio y la familia de '.repeat(10);
    expect(detectLanguage(mixed)).toBeNull();
  });
});

describe('textSearchConfig', () => {
  it('names the PostgreSQL configuration of each language, simple when unknown', () => {
    expect(textSearchConfig('es')).toBe('spanish');
    expect(textSearchConfig('en')).toBe('english');
    expect(textSearchConfig(null)).toBe('simple');
  });
});

describe('isStopword', () => {
  it('knows the function words of both languages', () => {
    for (const word of ['the', 'what', 'de', 'la', 'cuál', 'a']) expect(isStopword(word), word).toBe(true);
    for (const word of ['tuition', 'matrícula', 'bus', 'horario']) expect(isStopword(word), word).toBe(false);
  });
});
