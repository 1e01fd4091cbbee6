/**
 * The pages of a handoff address's confirmation link: the link's page (a button that confirms with a
 * POST, so a mail scanner opening the link confirms nothing) and the result (confirmed, or a link
 * that is unknown, used or expired), in the reader's language. Values are escaped by Hono's `html`.
 */
import type { Locale } from '@conversa/contract/constants';
import { html, raw } from 'hono/html';
import { renderHtmlPage } from '../static';

/** Inline styles only, no script; the form may post only to this server. */
export const CONFIRMATION_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1f2937;background:#fff}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.5rem;line-height:1.25}
button{font:inherit;font-weight:600;color:#fff;background:#1d1d1f;border:0;border-radius:12px;padding:12px 20px;cursor:pointer}
button:focus-visible{outline:3px solid #3730a3;outline-offset:2px}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}button{color:#111827;background:#e5e7eb}}`;

export const CONFIRMATION_TEXT: Record<
  Locale,
  {
    askTitle: string;
    ask: string;
    button: string;
    confirmedTitle: string;
    confirmed: (email: string) => string;
    unusableTitle: string;
    unusable: string;
  }
> = {
  en: {
    askTitle: 'Confirm your email address',
    ask: "Confirm that this address should receive the contact details of visitors who want to talk to a person. If you did not expect it, close this page: you won't get them.",
    button: 'Confirm this address',
    confirmedTitle: 'Address confirmed',
    confirmed: (email) => `${email} is confirmed. It will receive the contact details visitors leave.`,
    unusableTitle: 'This link no longer works',
    unusable:
      'The link has expired or was already used. Ask the team that manages the assistant to send a new one.',
  },
  es: {
    askTitle: 'Confirma tu correo electrónico',
    ask: 'Confirma que esta dirección debe recibir los datos de contacto de los visitantes que quieren hablar con una persona. Si no lo esperabas, cierra esta página: no los recibirás.',
    button: 'Confirmar esta dirección',
    confirmedTitle: 'Dirección confirmada',
    confirmed: (email) =>
      `${email} está confirmada. Recibirá los datos de contacto que dejen los visitantes.`,
    unusableTitle: 'Este enlace ya no funciona',
    unusable: 'El enlace caducó o ya se usó. Pide al equipo que gestiona el asistente que envíe uno nuevo.',
  },
};

const page = (lang: Locale, title: string, content: ReturnType<typeof html>) =>
  renderHtmlPage({
    lang,
    title,
    head: html`<meta name="robots" content="noindex" />
      <style>
        ${raw(STYLE)}
      </style>`,
    body: html`<main>
      <h1>${title}</h1>
      ${content}
    </main>`,
  });

/** The link's page: what confirming means, and the button that posts the token. */
export function renderConfirmationAsk(lang: Locale, action: string, token: string) {
  const t = CONFIRMATION_TEXT[lang];
  return page(
    lang,
    t.askTitle,
    html`<p>${t.ask}</p>
      <form method="post" action="${action}">
        <input type="hidden" name="token" value="${token}" />
        <button type="submit">${t.button}</button>
      </form>`,
  );
}

/** The result: the confirmed address, or a link that cannot be used. */
export function renderConfirmationResult(lang: Locale, email: string | null) {
  const t = CONFIRMATION_TEXT[lang];
  return email
    ? page(lang, t.confirmedTitle, html`<p>${t.confirmed(email)}</p>`)
    : page(lang, t.unusableTitle, html`<p>${t.unusable}</p>`);
}
