/**
 * Assistant logos: PNG or JPEG by their magic bytes (never by name or declared type), stored under
 * a random key and served from a public URL that never changes content (so it caches forever).
 */

export type ImageType = 'png' | 'jpeg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** The image type by magic bytes; null for anything else (SVG, HTML, GIF, a renamed file). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  return null;
}

/** A logo's public name: a random id and the extension of its sniffed type. */
export const LOGO_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;

/** The storage key of a logo name. */
export const logoStorageKey = (name: string) => `logos/${name}`;

/** The Content-Type of a logo name. */
export const logoContentType = (name: string) => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

/**
 * The absolute URL of a stored logo (the `logo` column holds its name); null without one. A value
 * that is not one of our names (set by other means, e.g. an external URL) is passed through.
 */
export function logoUrl(publicUrl: string, logo: string | null): string | null {
  if (!logo) return null;
  return LOGO_NAME.test(logo) ? `${publicUrl}/api/public/logo/${logo}` : logo;
}
