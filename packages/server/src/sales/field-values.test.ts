import { describe, expect, it } from 'vitest';
import { fold, parseFieldValue, showValue } from './field-values';

const context = { country: 'ES' };

describe('field values as sellers write them', () => {
  it('reads numbers with a decimal comma or point, and nothing else', () => {
    expect(parseFieldValue('number', ' 3 ', context)).toEqual({ ok: true, value: 3 });
    expect(parseFieldValue('number', '2,5', context)).toEqual({ ok: true, value: 2.5 });
    expect(parseFieldValue('number', '1 500.25', context)).toEqual({ ok: true, value: 1500.25 });
    for (const text of ['1.500,5', 'tres', '3 boxes', '--2', '1e5'])
      expect(parseFieldValue('number', text, context), text).toEqual({ ok: false, code: 'invalid_number' });
  });

  it('reads dates as DD/MM/YYYY within 1900-2099', () => {
    expect(parseFieldValue('date', '5/3/2027', context)).toEqual({ ok: true, value: '2027-03-05' });
    expect(parseFieldValue('date', '05-03-2027', context)).toEqual({ ok: true, value: '2027-03-05' });
    for (const text of ['31/02/2027', '2027-03-05', '5/3/27', '01/01/2100', '31/12/1899'])
      expect(parseFieldValue('date', text, context), text).toEqual({ ok: false, code: 'invalid_date' });
  });

  it("reads phones in the institution's country as E.164, and e-mails in lower case", () => {
    expect(parseFieldValue('phone', '612 345 678', context)).toEqual({ ok: true, value: '+34612345678' });
    expect(parseFieldValue('phone', '+33 1 23 45 67 89', context)).toEqual({
      ok: true,
      value: '+33123456789',
    });
    expect(parseFieldValue('phone', '12', context)).toEqual({ ok: false, code: 'invalid_phone' });
    expect(parseFieldValue('email', ' Ana@Example.COM ', context)).toEqual({
      ok: true,
      value: 'ana@example.com',
    });
    expect(parseFieldValue('email', 'ana@', context)).toEqual({ ok: false, code: 'invalid_email' });
  });

  it('picks an option by its number or its name, accents and case ignored', () => {
    const options = { country: null, options: ['Pequeña', 'Mediana', 'Grande'] };
    expect(parseFieldValue('select', '3', options)).toEqual({ ok: true, value: 'Grande' });
    expect(parseFieldValue('select', 'PEQUENA', options)).toEqual({ ok: true, value: 'Pequeña' });
    expect(parseFieldValue('select', '4', options)).toEqual({ ok: false, code: 'invalid_option' });
  });

  it('refuses blank and over-long text', () => {
    expect(parseFieldValue('text', '   ', context)).toEqual({ ok: false, code: 'required' });
    expect(parseFieldValue('text', 'x'.repeat(501), context)).toEqual({ ok: false, code: 'too_long' });
  });

  it('shows values back as the seller writes them', () => {
    expect(showValue('date', '2027-03-05', 'es')).toBe('05/03/2027');
    expect(showValue('number', 1500.5, 'es')).toBe('1500,5');
    expect(showValue('number', 1500.5, 'en')).toBe('1,500.5');
    expect(fold('  Código   de  Producto ')).toBe('codigo de producto');
  });
});
