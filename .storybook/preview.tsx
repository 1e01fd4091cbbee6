// Every story renders inside the app's providers, in the locale and colour mode of the toolbar.
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { UiI18nProvider } from '../packages/ui/src/i18n/i18n-provider';
import { activateLocale, isLocale } from '../packages/ui/src/i18n/locale';
import { Surface } from '../packages/ui/src/primitives/surface';
import { ConversaThemeProvider } from '../packages/ui/src/theme/theme-provider';

const withProviders: Decorator = (Story, context) => (
  <UiI18nProvider>
    <ConversaThemeProvider mode={context.globals.colorMode === 'dark' ? 'dark' : 'light'}>
      {/* Docs pages keep Storybook's own background, so each story brings the theme's. */}
      {context.viewMode === 'docs' ? (
        <Surface>
          <Story />
        </Surface>
      ) : (
        <Story />
      )}
    </ConversaThemeProvider>
  </UiI18nProvider>
);

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the stories',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', right: 'EN', title: 'English' },
          { value: 'es', right: 'ES', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
    colorMode: {
      description: 'Colour mode',
      toolbar: {
        title: 'Colour mode',
        icon: 'mirror',
        items: [
          { value: 'light', icon: 'sun', title: 'Light' },
          { value: 'dark', icon: 'moon', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', colorMode: 'light' },
  loaders: [
    async ({ globals }) => {
      await activateLocale(isLocale(globals.locale) ? globals.locale : 'en');
      return {};
    },
    // A relative worker URL keeps MSW working when the static build is served under a sub-path.
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        onUnhandledRequest: 'bypass',
        serviceWorker: { url: './mockServiceWorker.js' },
      });
      return worker;
    }),
  ],
  decorators: [withProviders],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
  },
};

export default preview;
