/**
 * The checks every lingui catalog of the workspace passes in `npm test` (the console's in packages/ui,
 * the chat's in packages/widget): every message of the sources in en and es, nothing obsolete, every
 * Spanish entry translated with the English placeholders, and, for catalogs compiled ahead to
 * TypeScript, the compiled files in step with the .po files. Call from a vitest file.
 */
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

type Entries = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;

/** What to check. */
export interface CatalogChecks {
  /** The package's lingui.config.ts. */
  configPath: string;
  /** How to fix a failure (the extract command), for the reader of a red test. */
  fix: string;
  /** A message that must be among the extracted ones (the extraction works at all). */
  expectMessage: string;
  /** Catalogs compiled ahead: `{locale}` is replaced, the path is relative to the config's folder. */
  compiledPath?: string;
}

/** A message's placeholders: `{name}` and `{name, plural, …}`, not a plural branch's text (`one {in # order}`). */
const placeholders = (text = '') => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => match[1]).sort();

/** Declares the catalog tests of one package. */
export function describeCatalogs(name: string, checks: CatalogChecks): void {
  const config = getConfig({ configPath: checks.configPath });
  let catalog: Awaited<ReturnType<typeof getCatalogs>>[number];
  let extracted: Entries;
  let catalogs: Record<string, Entries>;

  beforeAll(async () => {
    const [first] = await getCatalogs(config);
    if (!first) throw new Error(`No lingui catalog configured in ${checks.configPath}`);
    catalog = first;
    extracted = ((await catalog.collect()) ?? {}) as Entries;
    catalogs = (await catalog.readAll()) as Record<string, Entries>;
  }, 60_000);

  describe(`${name} catalogs (fix: ${checks.fix})`, () => {
    it('finds the messages of the sources', () => {
      expect(Object.values(extracted).map((entry) => entry.message)).toContain(checks.expectMessage);
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

      const compiled = checks.compiledPath;
      if (compiled) {
        it(`${locale}: the compiled catalog is the .po file's`, async () => {
          const { messages } = await catalog.getTranslations(locale, {
            fallbackLocales: config.fallbackLocales ?? {},
            sourceLocale: config.sourceLocale ?? 'en',
          });
          const { source } = createCompiledCatalog(locale, messages, { namespace: 'ts' });
          const file = path.join(path.dirname(checks.configPath), compiled.replace('{locale}', locale));
          expect(readFileSync(file, 'utf8')).toBe(source);
        });
      }
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
}
