// One Storybook for the workspace (docs/architecture.md#packages): every packages/ui and packages/widget story (the chat
// is React-API code, so React renders it here as Preact does in the build), the a11y addon, and the
// lingui preset shared with vitest and the apps so the macro and the .po catalogs work here too.
import { defineMain } from '@storybook/react-vite/node';
import { mergeConfig } from 'vite';
import { linguiReact } from '../packages/ui/lingui-preset.ts';

export default defineMain({
  framework: '@storybook/react-vite',
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)', '../packages/widget/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  // mockServiceWorker.js (`msw init`) for the connected screens' stories.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  viteFinal: (config) => mergeConfig(config, { plugins: [linguiReact()] }),
});
