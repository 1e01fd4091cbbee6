import { ErrorCode, MessageCode, ValidationCode } from '@conversa/contract/codes';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
// The server renders the same codes; both sides must say the same words (tests may read the server).
import { errorMessages, successMessages, validationMessages } from '../../../server/src/i18n/messages';
import { messages as en } from '../locales/en/messages.po';
import { messages as es } from '../locales/es/messages.po';
import { errorMessage, issueMessage, successMessage, validationMessage } from './codes';

const i18nIn = (locale: 'en' | 'es') => {
  const i18n = setupI18n({ messages: { en, es } });
  i18n.activate(locale);
  return i18n;
};

const SPEC_TEXTS: Record<string, string> = {
  required: 'This field is required.',
  invalid_email: 'Invalid email address.',
  invalid_phone: 'Invalid phone number.',
  passwords_must_match: 'Passwords must match.',
  password_too_short: 'The password must be at least 8 characters long.',
  password_needs_number: 'The password must contain at least one number.',
  password_needs_uppercase: 'The password must contain at least one uppercase letter.',
  end_before_start: 'End date cannot be earlier than start date',
  file_required: 'File is required.',
  logo_type: 'Only JPEG and PNG files are allowed.',
};

describe('validationMessage', () => {
  it('gives the exact docs/product.md#validation texts in English', () => {
    const i18n = i18nIn('en');
    for (const [code, text] of Object.entries(SPEC_TEXTS))
      expect(validationMessage(code, {}, i18n)).toBe(text);
    expect(validationMessage('invalid_url', { host: 'school.edu' }, i18n)).toBe(
      'Must be a valid URL (school.edu).',
    );
    expect(validationMessage('file_too_large', { 0: 'fees.pdf', limit: 10 }, i18n)).toBe(
      'The file fees.pdf exceeds the 10 MB limit.',
    );
    expect(validationMessage('too_many_files', { limit: 20 }, i18n)).toBe(
      'Only a maximum of 20 files can be uploaded.',
    );
  });

  it('reads unknown codes as an invalid value', () => {
    expect(validationMessage('no_such_code', {}, i18nIn('en'))).toBe('This value is not valid.');
    expect(errorMessage('no_such_code', {}, i18nIn('en'))).toBe(
      'Something went wrong on our side. Try again in a moment.',
    );
  });

  it('says the same as the server for every code, in both languages', () => {
    const fill = (text: string) =>
      text
        .replace('{host}', 'a.b')
        .replace('{0}', 'x.pdf')
        .replace(/\{\w+\}/g, '7');
    const params = { host: 'a.b', 0: 'x.pdf', limit: 7, minutes: 7, seconds: 7, name: 7, names: 7 };
    for (const locale of ['en', 'es'] as const) {
      const i18n = i18nIn(locale);
      for (const code of Object.values(ValidationCode))
        expect(validationMessage(code, params, i18n)).toBe(fill(validationMessages[code][locale]));
      for (const code of Object.values(ErrorCode))
        expect(errorMessage(code, params, i18n)).toBe(fill(errorMessages[code][locale]));
      for (const code of Object.values(MessageCode))
        expect(successMessage(code, 'server text', i18n)).toBe(successMessages[code][locale]);
    }
  });
});

describe('issueMessage', () => {
  it("translates a server issue's code into the active language", () => {
    const issue = { path: 'email', code: 'invalid_email', message: 'Invalid email address.' };
    expect(issueMessage(issue, i18nIn('es'))).toBe('Correo electrónico no válido.');
  });

  it("keeps the server's text when the code needs parameters or is unknown", () => {
    const sized = {
      path: 'file',
      code: 'file_too_large',
      message: 'The file a.pdf exceeds the 10 MB limit.',
    };
    expect(issueMessage(sized, i18nIn('es'))).toBe(sized.message);
    const odd = { path: 'x', code: 'brand_new_code', message: 'Server says no.' };
    expect(issueMessage(odd, i18nIn('es'))).toBe('Server says no.');
  });
});

describe('successMessage', () => {
  it("falls back to the server's text for codes it does not know", () => {
    expect(successMessage('something_new', 'Done.', i18nIn('es'))).toBe('Done.');
  });
});
