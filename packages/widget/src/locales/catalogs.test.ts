// @vitest-environment node
/**
 * `npm test` fails when the chat's catalogs fall behind the code: every message of the sources in en
 * and es, nothing obsolete, every Spanish entry translated with the English placeholders, and the
 * compiled TypeScript the build reads in step with the .po files. Fix with
 * `pnpm --filter @conversa/widget extract`, then translate src/locales/es/messages.po and extract again.
 */
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const configPath = decodeURIComponent(new URL('../../lingui.config.ts', import.meta.url).pathname);
const config = getConfig({ configPath });

type Entries = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
let catalog: Awaited<ReturnType<typeof getCatalogs>>[number];
let extracted: Entries;
let catalogs: Record<string, Entries>;

beforeAll(async () => {
  const [first] = await getCatalogs(config);
  if (!first) throw new Error('No lingui catalog configured in packages/widget/lingui.config.ts');
  catalog = first;
  extracted = ((await catalog.collect()) ?? {}) as Entries;
  catalogs = (await catalog.readAll()) as Record<string, Entries>;
}, 60_000);

const placeholders = (text = '') => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

describe('widget catalogs', () => {
  it('finds the messages of the sources', () => {
    expect(Object.values(extracted).map((entry) => entry.message)).toContain('Type your question');
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

    it(`${locale}: the compiled catalog is the .po file's`, async () => {
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales ?? {},
        sourceLocale: config.sourceLocale ?? 'en',
      });
      const { source } = createCompiledCatalog(locale, messages, { namespace: 'ts' });
      expect(readFileSync(new URL(`./${locale}/messages.ts`, import.meta.url), 'utf8')).toBe(source);
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
