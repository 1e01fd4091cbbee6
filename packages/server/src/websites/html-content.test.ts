/**
 * A page's main text (html-content.ts): Readability's reading for pages of ordinary size; past
 * READABILITY_MAX_ELEMENTS, whose Readability would take minutes, the body without its navigation,
 * header, footer and sidebars, so a huge page still teaches its text instead of failing.
 */
import { describe, expect, it } from 'vitest';
import { READABILITY_MAX_ELEMENTS, readHtml } from './html-content';

const page = (main: string) =>
  `<!doctype html><html><head><title>Timetable</title></head><body>
    <nav><a href="/admissions">Admissions menu</a></nav>
    <header>Colegio Río header</header>
    <main><h1>Timetable</h1><p>Lessons start at nine and end at three.</p>${main}
      <div class="related-links">Related: school uniforms</div></main>
    <aside>Sidebar news</aside>
    <footer>Footer address</footer>
  </body></html>`;

describe('readHtml', () => {
  it('reads an ordinary page with Readability: its article, not the menus', () => {
    // Long enough for Readability's first pass (over 500 characters), which leaves out what reads as boilerplate.
    const article = [
      'The canteen opens at one, every school day, and serves a hot menu planned by our dietitian.',
      'Families can read the menu of each week on the noticeboard at the entrance and on this website.',
      'Pupils with allergies get their own tray, prepared apart and labelled with their name and class.',
      'After lunch the younger pupils play in the garden while the older ones may use the library.',
      'Afternoon clubs (chess, robotics, drama and football) run from four to half past five.',
      'The school bus leaves the main gate at five to four and at twenty to six, with three stops in town.',
      'Parents meet each tutor twice a year; other meetings can be asked for through the office at any time.',
    ]
      .map((sentence) => `<p>${sentence}</p>`)
      .join('');
    const read = readHtml(page(article), 'https://school.example/');
    expect(read.title).toBe('Timetable');
    expect(read.text).toContain('Lessons start at nine and end at three.');
    expect(read.text).toContain('The canteen opens at one');
    expect(read.text).not.toContain('Footer address');
    // Readability drops what reads as boilerplate inside the article too.
    expect(read.text).not.toContain('Related: school uniforms');
    expect(read.links).toEqual(['https://school.example/admissions']);
  });

  it('reads a page of more elements than Readability takes as its body without menus, header, footer or sidebars', () => {
    const rows = Math.ceil(READABILITY_MAX_ELEMENTS / 2) + 10;
    const html = page(
      Array.from({ length: rows }, (_, i) => `<div><p>Lesson ${i} is in room ${i % 40}.</p></div>`).join(''),
    );
    const read = readHtml(html, 'https://school.example/timetable');
    expect(read.title).toBe('Timetable');
    const lines = read.text.split('\n');
    expect(lines).toContain('Lessons start at nine and end at three.');
    expect(lines).toContain(`Lesson ${rows - 1} is in room ${(rows - 1) % 40}.`);
    for (const boilerplate of ['Admissions menu', 'Colegio Río header', 'Sidebar news', 'Footer address'])
      expect(read.text).not.toContain(boilerplate);
    // Read without Readability: what only it would have dropped stays (the price of reading at all).
    expect(lines).toContain('Related: school uniforms');
    // Links are read from the whole page, menus included.
    expect(read.links).toEqual(['https://school.example/admissions']);
  });
});
