import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PaginationQuerySchema } from './common';
import { EmailSchema, IdSchema, NewPasswordSchema, WebsiteUrlSchema } from './fields';
import { PhoneSchema } from './phone';
import { UpdateProfileBodySchema } from './profile-update';

const codes = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('EmailSchema', () => {
  it('trims and lower-cases valid addresses', () => {
    expect(v.parse(EmailSchema, '  Ana.Perez@School.EXAMPLE ')).toBe('ana.perez@school.example');
  });
  it('answers required for blank and invalid_email for malformed input', () => {
    // Forms and the server show the first issue of a field.
    expect(codes(EmailSchema, '   ')[0]).toBe('required');
    expect(codes(EmailSchema, 'ana@')).toEqual(['invalid_email']);
    expect(codes(EmailSchema, 42)).toEqual(['required']);
  });
});

describe('NewPasswordSchema (docs/product.md#validation)', () => {
  it('accepts 8+ characters with a number and an uppercase letter', () => {
    expect(codes(NewPasswordSchema, 'Admission5')).toEqual([]);
    expect(codes(NewPasswordSchema, 'Ñandú2026')).toEqual([]);
  });
  it('reports each missing rule with its own code', () => {
    expect(codes(NewPasswordSchema, 'abc')).toEqual([
      'password_too_short',
      'password_needs_number',
      'password_needs_uppercase',
    ]);
    expect(codes(NewPasswordSchema, 'abcdefgh1')).toEqual(['password_needs_uppercase']);
    expect(codes(NewPasswordSchema, 'Abcdefghi')).toEqual(['password_needs_number']);
    expect(codes(NewPasswordSchema, `A1${'x'.repeat(127)}`)).toEqual(['password_too_long']);
    expect(codes(NewPasswordSchema, '')[0]).toBe('required');
  });
});

describe('PhoneSchema', () => {
  it('accepts international numbers and turns blanks into null', () => {
    expect(v.parse(PhoneSchema, '+34 612 345 678')).toBe('+34 612 345 678');
    expect(v.parse(PhoneSchema, '  ')).toBeNull();
    expect(v.parse(PhoneSchema, undefined)).toBeNull();
  });
  it('refuses numbers that cannot exist', () => {
    expect(codes(PhoneSchema, '+34 1')).toEqual(['invalid_phone']);
    expect(codes(PhoneSchema, 'call me')).toEqual(['invalid_phone']);
  });
});

describe('WebsiteUrlSchema', () => {
  it('adds https:// to a bare host', () => {
    expect(v.parse(WebsiteUrlSchema, 'colegio-sol.es')).toBe('https://colegio-sol.es');
    expect(v.parse(WebsiteUrlSchema, 'http://school.example/admissions')).toBe(
      'http://school.example/admissions',
    );
  });
  it('refuses other schemes and hosts without a domain', () => {
    expect(codes(WebsiteUrlSchema, 'javascript:alert(1)')).toEqual(['invalid_url']);
    expect(codes(WebsiteUrlSchema, 'ftp://school.example')).toEqual(['invalid_url']);
    expect(codes(WebsiteUrlSchema, 'localhost')).toEqual(['invalid_url']);
  });
});

describe('IdSchema and pagination', () => {
  it('reads positive integers from strings and numbers only', () => {
    expect(v.parse(IdSchema, '42')).toBe(42);
    expect(v.parse(IdSchema, 7)).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999', 0, 2 ** 31]) {
      expect(v.safeParse(IdSchema, bad).success, String(bad)).toBe(false);
    }
  });
  it('defaults to page 1 of 20 and bounds per-page at 100', () => {
    expect(v.parse(PaginationQuerySchema, {})).toEqual({ page: 1, 'per-page': 20 });
    expect(v.parse(PaginationQuerySchema, { page: '3', 'per-page': '100' })).toEqual({
      page: 3,
      'per-page': 100,
    });
    expect(v.safeParse(PaginationQuerySchema, { 'per-page': '101' }).success).toBe(false);
    expect(v.safeParse(PaginationQuerySchema, { page: '0' }).success).toBe(false);
  });
});

describe('UpdateProfileBodySchema', () => {
  it('normalises optional fields and upper-cases the country', () => {
    expect(
      v.parse(UpdateProfileBodySchema, { full_name: ' Ana Pérez ', country: 'es', city: '', locale: 'es' }),
    ).toEqual({
      full_name: 'Ana Pérez',
      first_name: null,
      last_name: null,
      phone_number: null,
      country: 'ES',
      city: null,
      role: null,
      locale: 'es',
    });
  });
  it('refuses an unknown locale or position', () => {
    expect(codes(UpdateProfileBodySchema, { full_name: 'A', locale: 'fr' })).toEqual(['invalid_value']);
    expect(codes(UpdateProfileBodySchema, { full_name: 'A', locale: 'en', role: 'pirate' })).toEqual([
      'invalid_value',
    ]);
  });
});
