// Every story in English, light mode.
import { defineStorybookSmoke } from './smoke';

defineStorybookSmoke({ locale: 'en', colorMode: 'light' });
