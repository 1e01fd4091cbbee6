import { describe, expect, it } from 'vitest';
import { camelKey, snakeKey, toCamelCase, toSnakeCase } from './case';

describe('key case', () => {
  it('snake_cases camelCase keys and leaves snake_case and dashed keys alone', () => {
    expect(snakeKey('fullName')).toBe('full_name');
    expect(snakeKey('websiteURL')).toBe('website_url');
    expect(snakeKey('phoneNumber2')).toBe('phone_number2');
    expect(snakeKey('full_name')).toBe('full_name');
    expect(snakeKey('per-page')).toBe('per-page');
    expect(camelKey('external_id')).toBe('externalId');
    expect(camelKey('resend_after_seconds')).toBe('resendAfterSeconds');
  });

  it('converts deeply through objects and arrays, but not into dates or blobs', () => {
    const when = new Date(0);
    const file = new Blob(['x']);
    const out = toSnakeCase({
      fullName: 'Ana',
      countryData: { countryName: 'Spain' },
      faqs: [{ questionText: 'q', answers: [{ answerText: 'a' }] }],
      when,
      file,
      tags: ['camelCase stays in values'],
    }) as Record<string, unknown>;
    expect(out).toEqual({
      full_name: 'Ana',
      country_data: { country_name: 'Spain' },
      faqs: [{ question_text: 'q', answers: [{ answer_text: 'a' }] }],
      when,
      file,
      tags: ['camelCase stays in values'],
    });
    expect(out.when).toBe(when);
    expect(
      toCamelCase({ institution_id: 1, country_data: { code_alpha: 'ES' }, list: [{ a_b: 1 }] }),
    ).toEqual({
      institutionId: 1,
      countryData: { codeAlpha: 'ES' },
      list: [{ aB: 1 }],
    });
  });
});
