// @vitest-environment node
/** `npm test` fails when the console's catalogs fall behind the code (see scripts/lib/catalog-checks.ts). */
import { fileURLToPath } from 'node:url';
import { describeCatalogs } from '../../../../scripts/lib/catalog-checks';

describeCatalogs('ui', {
  configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)),
  fix: 'pnpm --filter @conversa/ui extract, then translate src/locales/es',
  expectMessage: 'Sign in',
});
