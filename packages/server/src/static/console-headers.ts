/**
 * The security headers of the console's page and files. The console runs only its own scripts
 * (the Vite build has no inline script), so `script-src 'self'`; the sign-in providers' hosts are
 * added only when their buttons are configured. `style-src` keeps `'unsafe-inline'`:
 * styled-components injects `<style>` elements at run time, and a nonce would need the HTML
 * rendered per request. The widget's chat frame and public pages send their own policy
 * (public-pages/), and the API sends none: these apply to the console alone.
 */
import type { Config } from '../config';

/** Google Identity Services, as Google's CSP guide lists it. */
const GOOGLE = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};
/** MSAL's popup runs on Microsoft's host; the console then fetches its metadata and token from it. */
const MICROSOFT = { connect: 'https://login.microsoftonline.com' };

/** One year, the usual HSTS lifetime (and what preload lists ask for). */
const HSTS = 'max-age=31536000; includeSubDomains';

const PERMISSIONS = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** The Content-Security-Policy of the console for a configuration. */
export function consolePolicy(config: Pick<Config, 'google' | 'microsoft'>): string {
  const google = config.google !== null;
  const microsoft = config.microsoft !== null;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(google ? [GOOGLE.script] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'", ...(google ? [GOOGLE.style] : [])]],
    // Logo previews are data: URLs.
    ['img-src', ["'self'", 'data:', 'blob:']],
    // The Manrope faces are inlined in the CSS as data: URLs by the build.
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      ["'self'", ...(google ? [GOOGLE.connect] : []), ...(microsoft ? [MICROSOFT.connect] : [])],
    ],
    ...(google ? [['frame-src', [GOOGLE.frame]] as [string, string[]]] : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Every security header of the console's responses, computed once per configuration. */
export function consoleSecurityHeaders(config: Pick<Config, 'google' | 'microsoft' | 'publicUrl'>) {
  return {
    'Content-Security-Policy': consolePolicy(config),
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    // The full URL (a reset link's token) stays on our origin; others see the origin only, which
    // Google's sign-in needs.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS,
    'X-Content-Type-Options': 'nosniff',
    // The sign-in popups must keep their opener, so not `same-origin`.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(new URL(config.publicUrl).protocol === 'https:' ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
