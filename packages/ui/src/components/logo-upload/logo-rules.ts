/** Which logos an upload accepts (docs/product.md#validation): PNG or JPEG by content, under 2 MB (contract limits). */
import { ValidationCode } from '@conversa/contract/codes';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@conversa/contract/constants';
import type { MessageParams } from '../../i18n/codes';

/** The `accept` attribute for the picker: a hint to the browser, the content is what counts. */
export const LOGO_ACCEPT = [...LOGO_TYPES, '.png', '.jpg', '.jpeg'].join(',');

/** The limit in MB, as the documented text shows it. */
export const LOGO_MAX_MB = LOGO_MAX_BYTES / 1024 / 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The image type by its first bytes (not by name or declared type), or null for anything else. */
export function logoTypeOf(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const starts = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(PNG)) return 'png';
  if (starts(JPEG)) return 'jpeg';
  return null;
}

/** Why a chosen file is refused: a contract code and its text's parameters. */
export interface LogoRejection {
  code: typeof ValidationCode.logoType | typeof ValidationCode.fileTooLarge;
  params: MessageParams;
}

/** Reads a blob's bytes (`arrayBuffer` where there is one; FileReader in older engines). */
async function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Checks a chosen file the way the server will (it checks again): PNG/JPEG signature, then size.
 * An SVG or an HTML page renamed `.png` is refused here already.
 */
export async function checkLogo(file: File): Promise<LogoRejection | null> {
  let type: 'png' | 'jpeg' | null = null;
  try {
    type = logoTypeOf(await readBytes(file.slice(0, PNG.length)));
  } catch {
    type = null;
  }
  if (!type) return { code: ValidationCode.logoType, params: {} };
  if (file.size > LOGO_MAX_BYTES) {
    return { code: ValidationCode.fileTooLarge, params: { 0: file.name, limit: LOGO_MAX_MB } };
  }
  return null;
}

/** A data URL to preview a chosen image before (and while) it uploads; no object URL to revoke. */
export async function readPreview(file: Blob): Promise<string> {
  const bytes = await readBytes(file);
  let binary = '';
  // In slices: one call with two million arguments would overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${file.type || 'image/png'};base64,${btoa(binary)}`;
}
