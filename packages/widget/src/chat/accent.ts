/** The text colour that reads on the assistant's colour (docs/architecture.md#the-widget-and-public-pages). */

/** WCAG relative luminance of one sRGB channel, 0-255. */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The luminance of `#111`, the dark text. */
const DARK_TEXT = 0.0056;

/**
 * White or near-black, whichever contrasts more with `hex` (`#rrggbb`, as the snippet's colour is
 * validated): a pale brand colour gets dark text on its header and buttons instead of unreadable white.
 */
export function textOn(hex: string): '#fff' | '#111' {
  const [r, g, b] = [1, 3, 5].map((at) => linear(parseInt(hex.slice(at, at + 2), 16) || 0)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / (DARK_TEXT + 0.05) ? '#fff' : '#111';
}
