import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLocale, detectLocale, isLocale } from './locale';
import { successNotices } from './notices';

describe('detectLocale', () => {
  it('picks the first browser language we speak, English otherwise', () => {
    expect(detectLocale(['es-MX', 'en-US'])).toBe('es');
    expect(detectLocale(['fr-FR', 'ES'])).toBe('es');
    expect(detectLocale(['en-GB', 'es'])).toBe('en');
    expect(detectLocale(['fr', 'de'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });

  it('recognises supported locales only', () => {
    expect(isLocale('es')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

describe('activateLocale', () => {
  it('loads the catalog, switches lingui and sets <html lang>', async () => {
    await activateLocale('es');
    expect(i18n.locale).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n._(successNotices.deleted)).toBe('Eliminado correctamente.');
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
