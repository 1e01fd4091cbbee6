/** The answer renderer: the Markdown subset becomes elements, anything else (markup, scripts) stays text. */
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown';

let container: HTMLElement;
afterEach(() => {
  render(null, container);
  container.remove();
});

/** Renders `text` and answers the container. */
function show(text: string) {
  container = document.createElement('div');
  document.body.append(container);
  render(h(Markdown, { text }), container);
  return container;
}

describe('Markdown', () => {
  it('renders bold, italics, paragraphs, line breaks and both kinds of lists', () => {
    const root = show(
      'Hello **world** and *you* and _them_\nnext line\n\n- one\n- **two**\n\n1. first\n2) second',
    );
    expect(root.innerHTML).toBe(
      '<p>Hello <strong>world</strong> and <em>you</em> and <em>them</em><br>next line</p>' +
        '<ul><li>one</li><li><strong>two</strong></li></ul><ol><li>first</li><li>second</li></ol>',
    );
  });

  it('renders http(s) and mailto links that open safely', () => {
    const root = show('See [the site](https://example.edu/a?b=1) or [write](mailto:info@example.edu)');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['the site', 'https://example.edu/a?b=1'],
      ['write', 'mailto:info@example.edu'],
    ]);
    expect(links.every((a) => a.rel === 'noopener noreferrer nofollow' && a.target === '_blank')).toBe(true);
  });

  it('keeps parentheses inside a link URL', () => {
    const root = show('[Madrid](https://en.wikipedia.org/wiki/Madrid_(city)), the capital');
    expect(root.querySelector('a')!.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Madrid_(city)');
    expect(root.textContent).toBe('Madrid, the capital');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/relative/path',
    '//evil.example/x',
  ])('drops the link to %j and keeps its text', (href) => {
    const root = show(`[click me](${href}) then`);
    expect(root.querySelector('a')).toBeNull();
    // The label alone, even when the URL holds parentheses; or, not a link at all (a space), the text as is.
    expect(['click me then', `[click me](${href}) then`]).toContain(root.textContent);
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '**<svg onload=alert(1)>**',
    '- <iframe src="https://evil.example"></iframe>',
    '[<b>bold</b>](https://example.edu)',
  ])('keeps the payload %j as text', (payload) => {
    const root = show(payload);
    expect(root.querySelectorAll('script, img, svg, iframe, b, [onerror], [onload]')).toHaveLength(0);
    expect(root.querySelectorAll('a:not([href^="https:"])')).toHaveLength(0);
    // Every character of the payload is on screen, as text.
    expect(root.textContent?.replace(/\s+/g, ' ')).toContain(
      payload
        .replace(/^- /, '')
        .replace(/\*\*/g, '')
        .replace(/\[(.*)\]\(.*\)/, '$1'),
    );
  });
});

describe('safeHref', () => {
  it('normalizes what it keeps', () => {
    expect(safeHref('HTTPS://Example.edu')).toBe('https://example.edu/');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('ftp://example.edu')).toBeNull();
  });
});
