// @vitest-environment node
/** `npm test` fails when the chat's catalogs fall behind the code (see scripts/lib/catalog-checks.ts). */
import { fileURLToPath } from 'node:url';
import { describeCatalogs } from '../../../../scripts/lib/catalog-checks';

describeCatalogs('widget', {
  configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)),
  fix: 'pnpm --filter @conversa/widget extract, translate src/locales/es/messages.po, extract again',
  expectMessage: 'Type your question',
  compiledPath: 'src/locales/{locale}/messages.ts',
});
