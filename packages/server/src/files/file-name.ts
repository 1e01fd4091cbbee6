/**
 * Upload names are shown back to people, never used as paths: storage keys are random ids. Still,
 * a name must be safe to display and of bounded length: no directories, no control or bidi-override
 * characters (which can make `txt.exe` read as `exe.txt`), no leading dots.
 */

/** Longest name kept, in characters (code points). */
export const FILE_NAME_MAX = 200;

// C0/C1 controls, zero-width and bidirectional formatting characters, the BOM.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A display-safe file name; `fallback` when nothing is left. */
export function safeFileName(raw: string, fallback = 'file'): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const name = base.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX) return name || fallback;
  // Too long: keep the extension (when it looks like one) and cut the stem.
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? Array.from(name.slice(dot)) : [];
  return chars.slice(0, FILE_NAME_MAX - extension.length).join('') + extension.join('');
}
