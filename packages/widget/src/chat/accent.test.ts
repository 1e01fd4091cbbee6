import { expect, it } from 'vitest';
import { textOn } from './accent';

it('puts white on dark and saturated colours and dark text on pale ones', () => {
  expect(textOn('#2563eb')).toBe('#fff');
  expect(textOn('#000000')).toBe('#fff');
  expect(textOn('#aa3300')).toBe('#fff');
  expect(textOn('#ffffff')).toBe('#111');
  expect(textOn('#fde047')).toBe('#111');
  expect(textOn('#7dd3fc')).toBe('#111');
});

it('picks the text with the higher WCAG contrast either side of the turning point', () => {
  // #767676 has 4.54:1 with white and 4.16:1 with #111; #8a8a8a has 3.45:1 and 5.47:1.
  expect(textOn('#767676')).toBe('#fff');
  expect(textOn('#8a8a8a')).toBe('#111');
});
