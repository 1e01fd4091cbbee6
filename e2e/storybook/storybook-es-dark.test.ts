// Every story in Spanish, dark mode.
import { defineStorybookSmoke } from './smoke';

defineStorybookSmoke({ locale: 'es', colorMode: 'dark' });
