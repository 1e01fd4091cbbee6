import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { WEBSITE_DEFAULT_PAGES, WEBSITE_MAX_PAGES } from './constants';
import { CreateWebsiteBodySchema, CrawlUrlSchema, UpdateWebsiteBodySchema } from './website';

describe('CrawlUrlSchema', () => {
  it('gives a bare host https and keeps other schemes for the server to refuse', () => {
    expect(v.parse(CrawlUrlSchema, ' school.edu/admissions ')).toBe('https://school.edu/admissions');
    expect(v.parse(CrawlUrlSchema, 'localhost:8080/a')).toBe('https://localhost:8080/a');
    expect(v.parse(CrawlUrlSchema, 'http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/');
    expect(v.parse(CrawlUrlSchema, 'file:///etc/passwd')).toBe('file:///etc/passwd');
  });

  it('refuses what is no URL at all', () => {
    expect(v.safeParse(CrawlUrlSchema, 'https://').success).toBe(false);
    expect(v.safeParse(CrawlUrlSchema, '').success).toBe(false);
    expect(v.safeParse(CrawlUrlSchema, `https://a.edu/${'x'.repeat(2100)}`).success).toBe(false);
  });
});

describe('CreateWebsiteBodySchema', () => {
  it('fills the defaults: 100 pages, weekly, no patterns', () => {
    expect(v.parse(CreateWebsiteBodySchema, { url: 'a.edu' })).toEqual({
      url: 'https://a.edu',
      max_pages: WEBSITE_DEFAULT_PAGES,
      include: [],
      exclude: [],
      schedule: 'weekly',
    });
  });

  it('bounds max_pages and checks patterns and the schedule', () => {
    const bad = (body: object) => v.safeParse(CreateWebsiteBodySchema, { url: 'a.edu', ...body }).success;
    expect(bad({ max_pages: WEBSITE_MAX_PAGES })).toBe(true);
    expect(bad({ max_pages: WEBSITE_MAX_PAGES + 1 })).toBe(false);
    expect(bad({ max_pages: 0 })).toBe(false);
    expect(bad({ include: ['admissions'] })).toBe(false);
    expect(bad({ exclude: ['/news/*'] })).toBe(true);
    expect(bad({ schedule: 'hourly' })).toBe(false);
    expect(v.parse(UpdateWebsiteBodySchema, {})).toEqual({});
  });
});
