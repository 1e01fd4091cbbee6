/** `.po` catalogs are compiled by @lingui/vite-plugin at build and test time. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
