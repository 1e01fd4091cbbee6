/**
 * The mails the server sends, in English and Spanish, each as plain text and simple HTML. Every
 * value put into HTML is escaped.
 */
import {
  type Locale,
  PRODUCT_NAME,
  RESET_TOKEN_TTL_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@conversa/contract/constants';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Wraps paragraphs (already HTML) in a small, mail-client-safe page. */
function layout(locale: Locale, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Manrope,Arial,sans-serif;color:#1d1d1f">',
    '<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">',
    `<p style="margin:0 0 24px;font-weight:700;font-size:18px">${PRODUCT_NAME}</p>`,
    body,
    '</div></body></html>',
  ].join('\n');
}

const minutes = (seconds: number) => Math.round(seconds / 60);

/** A mail's call to action: a button to `link`. */
const buttonParagraph = (link: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d1d1f;color:#fff;padding:12px 20px;border-radius:12px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** The button to `link`, then the link written out (for mail readers that show no buttons). */
const linkParagraphs = (link: string, label: string) => [
  buttonParagraph(link, label),
  `<p style="font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
];

const verificationTexts = {
  en: {
    // The code stays out of the subject: subjects show on lock screens and land in mail logs.
    subject: `Your ${PRODUCT_NAME} verification code`,
    intro: `Use this code to finish creating your ${PRODUCT_NAME} account:`,
    verifyIntro: `Use this code to confirm your email address on ${PRODUCT_NAME}:`,
    expiry: (min: number) => `The code expires in ${min} minutes and works only once.`,
    ignore: 'If you did not ask for it, you can ignore this email.',
  },
  es: {
    subject: `Tu código de verificación de ${PRODUCT_NAME}`,
    intro: `Usa este código para terminar de crear tu cuenta de ${PRODUCT_NAME}:`,
    verifyIntro: `Usa este código para confirmar tu dirección de correo en ${PRODUCT_NAME}:`,
    expiry: (min: number) => `El código caduca en ${min} minutos y solo se puede usar una vez.`,
    ignore: 'Si no lo pediste, puedes ignorar este correo.',
  },
} satisfies Record<Locale, unknown>;

/** The mail with a 6-digit code: to create an account (`signup`) or to prove an account's address (`verify`). */
export function verificationCodeMail(
  locale: Locale,
  code: string,
  purpose: 'signup' | 'verify' = 'signup',
): MailContent {
  const t = verificationTexts[locale];
  const { subject } = t;
  const intro = purpose === 'signup' ? t.intro : t.verifyIntro;
  const expiry = t.expiry(minutes(VERIFICATION_CODE_TTL_SECONDS));
  return {
    subject,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n${t.ignore}\n`,
    html: layout(
      locale,
      subject,
      [
        `<p>${escapeHtml(intro)}</p>`,
        `<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0">${escapeHtml(code)}</p>`,
        `<p>${escapeHtml(expiry)}</p>`,
        `<p style="color:#6e6e73">${escapeHtml(t.ignore)}</p>`,
      ].join('\n'),
    ),
  };
}

const resetTexts = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    intro: 'We received a request to reset your password. Open this link to choose a new one:',
    button: 'Reset password',
    expiry: (min: number) => `The link expires in ${min} minutes and works only once.`,
    ignore: 'If you did not ask for it, ignore this email: your password stays the same.',
  },
  es: {
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    intro: 'Recibimos una solicitud para restablecer tu contraseña. Abre este enlace para elegir una nueva:',
    button: 'Restablecer contraseña',
    expiry: (min: number) => `El enlace caduca en ${min} minutos y solo se puede usar una vez.`,
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
} satisfies Record<Locale, unknown>;

/** The password reset mail with its one-time link. */
export function resetPasswordMail(locale: Locale, link: string): MailContent {
  const t = resetTexts[locale];
  const expiry = t.expiry(minutes(RESET_TOKEN_TTL_SECONDS));
  return {
    subject: t.subject,
    text: `${t.intro}\n\n${link}\n\n${expiry}\n${t.ignore}\n`,
    html: layout(
      locale,
      t.subject,
      [
        `<p>${escapeHtml(t.intro)}</p>`,
        ...linkParagraphs(link, t.button),
        `<p>${escapeHtml(expiry)}</p>`,
        `<p style="color:#6e6e73">${escapeHtml(t.ignore)}</p>`,
      ].join('\n'),
    ),
  };
}

const changedTexts = {
  en: {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    intro: `The password of your ${PRODUCT_NAME} account was just changed, and other sessions were signed out.`,
    ok: 'If it was you, there is nothing more to do.',
    notYou: 'If it was not you, reset your password now with this link and check who can read your email:',
    button: 'Reset password',
  },
  es: {
    subject: `Tu contraseña de ${PRODUCT_NAME} ha cambiado`,
    intro: `La contraseña de tu cuenta de ${PRODUCT_NAME} acaba de cambiar y se cerraron las demás sesiones.`,
    ok: 'Si fuiste tú, no tienes que hacer nada más.',
    notYou:
      'Si no fuiste tú, restablece tu contraseña ahora con este enlace y revisa quién puede leer tu correo:',
    button: 'Restablecer contraseña',
  },
} satisfies Record<Locale, unknown>;

/** The notice mailed after a password change or reset; `link` is the page that asks for a reset. */
export function passwordChangedMail(locale: Locale, link: string): MailContent {
  const t = changedTexts[locale];
  return {
    subject: t.subject,
    text: `${t.intro}\n\n${t.ok}\n${t.notYou}\n\n${link}\n`,
    html: layout(
      locale,
      t.subject,
      [
        `<p>${escapeHtml(t.intro)}</p>`,
        `<p>${escapeHtml(t.ok)}</p>`,
        `<p>${escapeHtml(t.notYou)}</p>`,
        buttonParagraph(link, t.button),
      ].join('\n'),
    ),
  };
}

const contactTexts = {
  en: {
    // Subjects are our words only: a name chosen by a user could dress a mail as a phishing one.
    subject: 'A visitor wants to talk to a person',
    intro: (assistant: string) => `A visitor of ${assistant} left their details to be contacted.`,
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    message: 'Message',
    question: 'What they asked',
    button: 'Open the conversation',
  },
  es: {
    subject: 'Un visitante quiere hablar con una persona',
    intro: (assistant: string) => `Un visitante de ${assistant} dejó sus datos para que lo contacten.`,
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    message: 'Mensaje',
    question: 'Lo que preguntó',
    button: 'Abrir la conversación',
  },
} satisfies Record<Locale, unknown>;

/** What the handoff contact is told of a visitor who wants a person. */
export interface ContactMailInput {
  assistant: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  /** The visitor's last question before leaving the contact. */
  question: string | null;
  /** The transcript in the console. */
  link: string;
}

/** The mail to the handoff contact with a visitor's details and a link to the transcript. */
export function contactMail(locale: Locale, input: ContactMailInput): MailContent {
  const t = contactTexts[locale];
  const lines: [string, string | null][] = [
    [t.name, input.name],
    [t.email, input.email],
    [t.phone, input.phone],
    [t.message, input.message],
    [t.question, input.question],
  ];
  const present = lines.filter((line): line is [string, string] => line[1] !== null && line[1] !== '');
  const { subject } = t;
  return {
    subject,
    text: `${t.intro(input.assistant)}\n\n${present.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${input.link}\n`,
    html: layout(
      locale,
      subject,
      [
        `<p>${escapeHtml(t.intro(input.assistant))}</p>`,
        ...present.map(
          ([label, value]) =>
            `<p style="margin:8px 0"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`,
        ),
        buttonParagraph(input.link, t.button),
      ].join('\n'),
    ),
  };
}

const invitationTexts = {
  en: {
    subject: `You are invited to a team on ${PRODUCT_NAME}`,
    intro: (inviter: string, institution: string, role: string) =>
      `${inviter} invites you to join ${institution} on ${PRODUCT_NAME} as ${role}.`,
    button: 'Accept the invitation',
    expiry: (days: number) => `The link works once, for ${days} days.`,
    ignore: 'If you did not expect it, you can ignore this email.',
  },
  es: {
    subject: `Te invitan a un equipo en ${PRODUCT_NAME}`,
    intro: (inviter: string, institution: string, role: string) =>
      `${inviter} te invita a unirte a ${institution} en ${PRODUCT_NAME} como ${role}.`,
    button: 'Aceptar la invitación',
    expiry: (days: number) => `El enlace sirve una sola vez, durante ${days} días.`,
    ignore: 'Si no lo esperabas, puedes ignorar este correo.',
  },
} satisfies Record<Locale, unknown>;

export interface InvitationMailInput {
  inviter: string;
  institution: string;
  /** The role's name in the mail's language. */
  role: string;
  link: string;
  days: number;
}

/** The invitation to join an institution's team, with its single-use link. */
export function invitationMail(locale: Locale, input: InvitationMailInput): MailContent {
  const t = invitationTexts[locale];
  const intro = t.intro(input.inviter, input.institution, input.role);
  const expiry = t.expiry(input.days);
  return {
    subject: t.subject,
    text: `${intro}\n\n${input.link}\n\n${expiry}\n${t.ignore}\n`,
    html: layout(
      locale,
      t.subject,
      [
        `<p>${escapeHtml(intro)}</p>`,
        ...linkParagraphs(input.link, t.button),
        `<p>${escapeHtml(expiry)}</p>`,
        `<p style="color:#6e6e73">${escapeHtml(t.ignore)}</p>`,
      ].join('\n'),
    ),
  };
}

const handoffConfirmationTexts = {
  en: {
    // A fixed subject: the assistant's name (anyone's choice) is only in the body, escaped.
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    intro: (assistant: string) =>
      `Someone entered this address on ${PRODUCT_NAME} to receive the contact details that visitors of the assistant ${assistant} leave when they want to talk to a person.`,
    ask: 'If it is your address and you want these mails, open this link and confirm:',
    button: 'Confirm this address',
    expiry: (days: number) => `The link works once, for ${days} days.`,
    ignore: 'If you did not expect it, ignore this email: no contacts will be sent to you.',
  },
  es: {
    subject: `Confirma tu correo electrónico en ${PRODUCT_NAME}`,
    intro: (assistant: string) =>
      `Alguien escribió esta dirección en ${PRODUCT_NAME} para recibir los datos de contacto que dejan los visitantes del asistente ${assistant} cuando quieren hablar con una persona.`,
    ask: 'Si es tu dirección y quieres recibir estos correos, abre este enlace y confirma:',
    button: 'Confirmar esta dirección',
    expiry: (days: number) => `El enlace sirve una sola vez, durante ${days} días.`,
    ignore: 'Si no lo esperabas, ignora este correo: no te enviaremos ningún contacto.',
  },
} satisfies Record<Locale, unknown>;

export interface HandoffConfirmationMailInput {
  /** The assistant's name, named in the body only. */
  assistant: string;
  link: string;
  days: number;
}

/** The mail asking a handoff address to confirm it wants visitors' contacts, with its single-use link. */
export function handoffConfirmationMail(locale: Locale, input: HandoffConfirmationMailInput): MailContent {
  const t = handoffConfirmationTexts[locale];
  const intro = t.intro(input.assistant);
  const expiry = t.expiry(input.days);
  return {
    subject: t.subject,
    text: `${intro}\n\n${t.ask}\n\n${input.link}\n\n${expiry}\n${t.ignore}\n`,
    html: layout(
      locale,
      t.subject,
      [
        `<p>${escapeHtml(intro)}</p>`,
        `<p>${escapeHtml(t.ask)}</p>`,
        ...linkParagraphs(input.link, t.button),
        `<p>${escapeHtml(expiry)}</p>`,
        `<p style="color:#6e6e73">${escapeHtml(t.ignore)}</p>`,
      ].join('\n'),
    ),
  };
}

const waitingTexts = {
  en: {
    subject: 'A visitor is waiting for a person',
    intro: (assistant: string, minutes: number) =>
      `A visitor of ${assistant} asked to talk to a person ${minutes} minutes ago and nobody has taken the conversation yet.`,
    question: 'What they asked',
    button: 'Open the conversation',
  },
  es: {
    subject: 'Un visitante espera a una persona',
    intro: (assistant: string, minutes: number) =>
      `Un visitante de ${assistant} pidió hablar con una persona hace ${minutes} minutos y nadie ha tomado la conversación todavía.`,
    question: 'Lo que preguntó',
    button: 'Abrir la conversación',
  },
} satisfies Record<Locale, unknown>;

/** The mail to the handoff contact about a visitor nobody has answered yet, with a link to take it. */
export function waitingMail(
  locale: Locale,
  input: { assistant: string; minutes: number; question: string | null; link: string },
): MailContent {
  const t = waitingTexts[locale];
  const intro = t.intro(input.assistant, input.minutes);
  const question = input.question ? `${t.question}: ${input.question}` : null;
  return {
    subject: t.subject,
    text: `${intro}\n\n${question ? `${question}\n\n` : ''}${input.link}\n`,
    html: layout(
      locale,
      t.subject,
      [
        `<p>${escapeHtml(intro)}</p>`,
        ...(question ? [`<p style="margin:8px 0">${escapeHtml(question)}</p>`] : []),
        buttonParagraph(input.link, t.button),
      ].join('\n'),
    ),
  };
}
