/**
 * The Vite plugins every React build of this workspace shares (vitest, Storybook, later the admin
 * app): React with the lingui macro in Babel, and on-the-fly `.po` compilation.
 */
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';

/** Path of the ui package's lingui config. */
export const uiLinguiConfig = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

/** React + lingui plugins; the macro is given its config explicitly because it otherwise looks in the cwd. */
export function linguiReact(configPath: string = uiLinguiConfig): PluginOption[] {
  const linguiConfig = getConfig({ configPath });
  return [react({ babel: { plugins: [[linguiMacro, { linguiConfig }]] } }), lingui({ configPath })];
}
