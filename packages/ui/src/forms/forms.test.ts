import { ApiRequestError } from '@conversa/data/errors';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../locales/en/messages.po';
import { messages as es } from '../locales/es/messages.po';
import * as v from 'valibot';
import { formErrors } from './field-errors';
import {
  type FieldRow,
  fieldsFormSchema,
  leadFormSchema,
  optionLines,
  orderFormSchema,
} from './sales-schemas';

const i18nIn = (locale: 'en' | 'es') => {
  const i18n = setupI18n({ messages: { en, es } });
  i18n.activate(locale);
  return i18n;
};

describe('formErrors', () => {
  const issues = [
    { path: 'email', code: 'invalid_email', message: 'Invalid email address.' },
    { path: 'website_url', code: 'invalid_url', message: 'Debe ser una URL válida (https://example.com).' },
  ];
  const invalid = new ApiRequestError('Some fields are not valid.', 'http', 400, 'validation_failed', issues);

  it('puts issues under the fields the form shows, in the active language', () => {
    expect(formErrors(invalid, ['email', 'website_url'], i18nIn('es'))).toEqual({
      fields: {
        email: 'Correo electrónico no válido.',
        website_url: 'Debe ser una URL válida (https://example.com).',
      },
      form: null,
    });
  });

  it('gives the form a message when an issue has no field on screen, or there are no issues', () => {
    expect(formErrors(invalid, ['email'], i18nIn('en')).form).toBe(
      'Some fields are not valid. Check them and try again.',
    );
    const wrong = new ApiRequestError(
      'The email or password is incorrect.',
      'http',
      401,
      'invalid_credentials',
    );
    expect(formErrors(wrong, ['email'], i18nIn('es'))).toEqual({
      fields: {},
      form: 'El correo o la contraseña no son correctos.',
    });
    const offline = new ApiRequestError('Failed to fetch', 'network', 0, 'network_error');
    expect(formErrors(offline, [], i18nIn('es')).form).toBe('Failed to fetch');
    expect(formErrors(new Error('popup closed'), [], i18nIn('en')).form).toBe('popup closed');
  });
});

describe('fieldsFormSchema', () => {
  const row = (key: string, type: FieldRow['type'] = 'text', options = '') => ({
    key,
    labels: { en: 'Label', es: 'Etiqueta' },
    type,
    required: false,
    options,
    saved: false,
  });
  const issues = (fields: FieldRow[]) =>
    v
      .safeParse(fieldsFormSchema('lead'), { fields }, { abortEarly: false })
      .issues?.map((issue) => [v.getDotPath(issue), issue.message]) ?? [];

  it('names a taken key and a list without options on their own fields', () => {
    expect(issues([row('budget', 'number'), row('budget', 'select', ' \n ')])).toEqual([
      ['fields.1.options', 'options_required'],
      ['fields.1.key', 'field_key_taken'],
    ]);
    expect(issues([row('email')])).toEqual([['fields.0.key', 'field_key_taken']]);
    expect(issues([row('budget', 'select', 'Shop\n\nOnline')])).toEqual([]);
    expect(optionLines(' Shop \n\nOnline\n')).toEqual(['Shop', 'Online']);
  });
});

describe('leadFormSchema and orderFormSchema', () => {
  const field = (key: string, type: 'text' | 'number' | 'email', required = false) => ({
    key,
    labels: { en: key, es: key },
    type,
    required,
    options: [],
  });
  const definitions = [field('budget', 'number', true), field('mail', 'email'), field('note', 'text')];
  const issues = (schema: v.GenericSchema, values: unknown) =>
    v
      .safeParse(schema, values, { abortEarly: false })
      .issues?.map((issue) => [v.getDotPath(issue), issue.message]) ?? [];
  const lead = { company: 'Café Luna', contact_name: 'Eva', phone: '', email: '', notes: '' };

  it('checks the configured fields: a required one filled, an e-mail one an address; the rest goes to the server', () => {
    expect(
      issues(leadFormSchema(definitions), { ...lead, fields: { budget: ' ', mail: 'eva@', note: '' } }),
    ).toEqual([
      ['fields.budget', 'required'],
      ['fields.mail', 'invalid_email'],
    ]);
    // A number the server reads (or refuses) by its type.
    expect(
      issues(leadFormSchema(definitions), { ...lead, fields: { budget: 'mucho', mail: '', note: '' } }),
    ).toEqual([]);
    expect(issues(leadFormSchema([]), { ...lead, company: ' ', fields: {} })).toEqual([
      ['company', 'required'],
    ]);
  });

  it("reads an order line's quantity as typed, a decimal comma too, within the contract's bounds", () => {
    const order = (quantity: string) => ({
      company: 'Bodegas Sol',
      notes: '',
      fields: {},
      lines: [{ product_code: 'B-1', product_description: '', quantity }],
    });
    expect(issues(orderFormSchema([]), order('2,5'))).toEqual([]);
    expect(issues(orderFormSchema([]), order(''))).toEqual([['lines.0.quantity', 'required']]);
    expect(issues(orderFormSchema([]), order('0'))).toEqual([['lines.0.quantity', 'invalid_number']]);
    expect(issues(orderFormSchema([]), order('doce'))).toEqual([['lines.0.quantity', 'invalid_number']]);
    expect(issues(orderFormSchema([]), { ...order('1'), lines: [] })).toEqual([['lines', 'required']]);
  });
});
