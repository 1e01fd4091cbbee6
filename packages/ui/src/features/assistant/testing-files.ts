/** Files the assistant tests upload: a real 1×1 transparent PNG and an SVG disguised as one. */

/** The bytes of a 1×1 transparent PNG (valid signature, chunks and CRCs). */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** The PNG as a chosen file. */
export const pngFile = (name = 'logo.png') => new File([PNG_BYTES], name, { type: 'image/png' });

/** An SVG with a script, named and typed as a PNG: refused by content. */
export const spoofedPng = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.png', {
    type: 'image/png',
  });
