// @vitest-environment node
/**
 * `npm test` fails when the catalogs fall behind the code: every message in the sources must be in
 * en and es, nothing obsolete may linger, and every Spanish entry must be translated with the same
 * placeholders. Fix with `pnpm --filter @conversa/ui extract`, then translate src/locales/es.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';

const configPath = decodeURIComponent(new URL('../../lingui.config.ts', import.meta.url).pathname);

type Entries = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
let extracted: Entries;
let catalogs: Record<string, Entries>;

beforeAll(async () => {
  const [catalog] = await getCatalogs(getConfig({ configPath }));
  if (!catalog) throw new Error('No lingui catalog configured in packages/ui/lingui.config.ts');
  extracted = ((await catalog.collect()) ?? {}) as Entries;
  catalogs = (await catalog.readAll()) as Record<string, Entries>;
}, 60_000);

const placeholders = (text = '') => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

describe('ui catalogs', () => {
  it('finds the messages of the sources', () => {
    expect(Object.keys(extracted).length).toBeGreaterThan(50);
  });

  for (const locale of ['en', 'es']) {
    it(`${locale}: has every message of the sources and nothing obsolete`, () => {
      const present = Object.keys(catalogs[locale] ?? {}).filter((id) => !catalogs[locale]?.[id]?.obsolete);
      const missing = Object.keys(extracted)
        .filter((id) => !present.includes(id))
        .map((id) => extracted[id]?.message);
      const obsolete = present
        .filter((id) => !(id in extracted))
        .map((id) => catalogs[locale]?.[id]?.message);
      expect({ missing, obsolete }).toEqual({ missing: [], obsolete: [] });
    });
  }

  it('es: every entry is translated, with the placeholders of the English text', () => {
    const problems = Object.entries(catalogs.es ?? {})
      .filter(([, entry]) => !entry.obsolete)
      .filter(
        ([, entry]) =>
          !entry.translation?.trim() ||
          placeholders(entry.translation).join() !== placeholders(entry.message).join(),
      )
      .map(([, entry]) => entry.message);
    expect(problems).toEqual([]);
  });
});
