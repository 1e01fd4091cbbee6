// The console's words in both languages, read from the lingui catalogs the app is built from, so
// a journey can find "Log out" in Spanish without copying translations into the tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** The console's languages. */
export type Language = 'en' | 'es';

const unquote = (line: string) => JSON.parse(line.trim()) as string;

/** msgid → msgstr of a .po file (multi-line strings joined). */
function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  let str: string | null = null;
  let field: 'id' | 'str' | null = null;
  const flush = () => {
    if (id) entries.set(id, str ?? '');
    id = str = field = null;
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && field === 'id') id += unquote(line);
    else if (line.startsWith('"') && field === 'str') str += unquote(line);
  }
  flush();
  return entries;
}

const spanish = readPo(path.join(repoRoot, 'packages/ui/src/locales/es/messages.po'));

/** `english` as the console shows it in `language`, `{name}` placeholders filled from `values`. */
export function say(language: Language, english: string, values: Record<string, string> = {}): string {
  const text = language === 'en' ? english : spanish.get(english);
  if (!text) throw new Error(`no Spanish for "${english}" in packages/ui/src/locales/es/messages.po`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
