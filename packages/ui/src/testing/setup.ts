// jsdom lacks matchMedia (react-hot-toast, colour mode) and ResizeObserver (Headless UI).
import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { messages as en } from '../locales/en/messages.po';
import { messages as es } from '../locales/es/messages.po';

const browser = typeof window !== 'undefined';

// A find waits as long as a browser journey's action does: a screen's first answer comes from the
// real server, and its lazy chunk is transformed on first use; on a loaded machine that takes more
// than testing-library's default of one second.
configure({ asyncUtilTimeout: 10_000 });

if (browser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (browser && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no canvas: say so as a browser without one would (getContext answers null), not with its "not implemented" error.
if (browser) HTMLCanvasElement.prototype.getContext = (() => null) as never;

i18n.load({ en, es });

beforeEach(() => {
  i18n.activate('en');
  if (browser) localStorage.clear();
});

afterEach(() => {
  cleanup();
});
