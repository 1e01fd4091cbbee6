/**
 * The overview made by rules alone (no model; also what runs without LLM_*): it counts the
 * visitor's questions and the answers, reads the intent and topics by keywords in English and
 * Spanish, finds a contact in the visitor's words, and says it in the conversation's language.
 * Deterministic: the same conversation always gives the same overview.
 */
import type { Contact, Intent, Overview, Urgency } from '@conversa/contract/conversation';
import type { Locale } from '@conversa/contract/constants';
import { detectLanguage } from '../knowledge';
import type { OverviewInput, OverviewMessage } from './overview';
import { fold } from '../knowledge';
import { emailsIn, nameIn, phonesIn } from './overview-text';

/** Topics kept at most. */
export const MAX_TOPICS = 8;
/** Unanswered questions listed at most. */
export const MAX_UNANSWERED = 20;
/** Characters of the first question quoted in the summary at most. */
const QUOTE_CHARS = 120;

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Every sentence of the extractive overview, in English and Spanish. */
const phrases = {
  noQuestions: {
    en: () => 'The visitor did not ask any questions.',
    es: () => 'El visitante no hizo ninguna pregunta.',
  },
  asked: {
    en: (count: number, first: string) =>
      count === 1
        ? `The visitor asked one question: “${first}”.`
        : `The visitor asked ${count} questions, starting with “${first}”.`,
    es: (count: number, first: string) =>
      count === 1
        ? `El visitante hizo una pregunta: «${first}».`
        : `El visitante hizo ${count} preguntas; la primera: «${first}».`,
  },
  answers: {
    en: (answered: number, count: number) => {
      if (answered === count) return plural(count, 'It was answered.', 'All were answered.');
      if (answered === 0) return plural(count, 'It was not answered.', 'None was answered.');
      const open = count - answered;
      return `${answered} ${plural(answered, 'was', 'were')} answered and ${open} ${plural(open, 'was', 'were')} not.`;
    },
    es: (answered: number, count: number) => {
      if (answered === count) return plural(count, 'Tuvo respuesta.', 'Todas tuvieron respuesta.');
      if (answered === 0) return plural(count, 'No tuvo respuesta.', 'Ninguna tuvo respuesta.');
      return `${answered} ${plural(answered, 'tuvo', 'tuvieron')} respuesta y ${count - answered} no.`;
    },
  },
  handoff: {
    en: () => 'A person from the team was offered.',
    es: () => 'Se le ofreció el contacto de una persona del equipo.',
  },
  contactLeft: {
    en: () => 'The visitor left contact details.',
    es: () => 'El visitante dejó sus datos de contacto.',
  },
  contactBy: {
    en: (who: string | null, means: string[]) => `Contact ${who ?? 'the visitor'} ${means.join(' or ')}.`,
    es: (who: string | null, means: string[]) =>
      `Contactar con ${who ?? 'el visitante'} ${means.join(' o ')}.`,
  },
  byPhone: {
    en: (phone: string) => `by phone at ${phone}`,
    es: (phone: string) => `por teléfono al ${phone}`,
  },
  byEmail: {
    en: (email: string) => `by e-mail at ${email}`,
    es: (email: string) => `por correo a ${email}`,
  },
  addFaq: {
    en: (count: number) =>
      `Add an FAQ for the ${plural(count, 'unanswered question', 'unanswered questions')}.`,
    es: (count: number) =>
      `Añadir una pregunta frecuente para ${plural(count, 'la pregunta sin respuesta', 'las preguntas sin respuesta')}.`,
  },
  reviewComplaint: {
    en: () => 'Review the complaint; the visitor left no contact.',
    es: () => 'Revisar la queja; el visitante no dejó un contacto.',
  },
  noAction: { en: () => 'No action needed.', es: () => 'No hace falta hacer nada.' },
} satisfies Record<string, Record<Locale, (...args: never[]) => string>>;

// Keywords on folded text (lower case, no accents), in the order that breaks a tie.
const INTENT_RULES: [Exclude<Intent, 'information' | 'other'>, RegExp][] = [
  [
    'complaint',
    /\b(?:complain\w*|unhappy|disappointed|dissatisfied|terrible|awful|unacceptable|rude|refund\w*|quej\w*|reclamacion\w*|reclamar|denuncia\w*|insatisfech\w*|decepcionad\w*|inaceptable|vergonzoso|devolucion)\b/gu,
  ],
  [
    'visit',
    /\b(?:visit\w*|tours?|open (?:day|house|morning|evening)s?|come and see|show me around|appointment|puertas abiertas|(?:conocer|ver) (?:el|la) (?:colegio|centro|escuela|instalaciones)|cita)\b/gu,
  ],
  [
    'enrolment',
    /\b(?:enrol\w*|admission\w*|apply|applying|application\w*|register\w*|registration|sign up|vacanc\w*|places? (?:available|left)|matricul\w*|inscrib\w*|inscripcion\w*|preinscripcion\w*|admision\w*|hay plazas?|plazas? (?:libres?|disponibles?|vacantes?|para)|solicitud\w*)\b/gu,
  ],
  [
    'purchase',
    /\b(?:buy\w*|purchas\w*|(?<!in )order(?:s|ing)?|checkout|in stock|shipping|delivery|comprar\w*|compra|pedido\w*|encargar|envio\w*|stock)\b/gu,
  ],
  [
    'price',
    /\b(?:price\w*|cost|costs|fee|fees|tuition|how much|payment\w*|pay|discount\w*|scholarship\w*|bursar\w*|precio\w*|coste\w*|costo\w*|cuota\w*|cuanto (?:cuesta|cuestan|vale|valen|es|son)|mensualidad\w*|tarifa\w*|pagar|pago\w*|descuento\w*|becas?)\b/gu,
  ],
];
const INFORMATION =
  /\?|\b(?:what|when|where|which|how|who|is there|are there|do you|information|info|details|schedule|timetable|hours|que|cuando|donde|cual\w*|como|quien\w*|hay|tienen|ofrecen|informacion|horario\w*|detalles)\b/u;
const URGENT =
  /\b(?:urgent\w*|asap|as soon as possible|today|immediately|emergency|urgencia|hoy|cuanto antes|lo antes posible|inmediat\w*|emergencia)\b/u;

const STAGES: Record<string, string> = {
  eso: 'ESO',
  primaria: 'Primaria',
  bachillerato: 'Bachillerato',
  infantil: 'Infantil',
};
const ORDINALS: Record<string, number> = {
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
};

/** Programmes, grades and products named in a question; the first rule to claim some text wins. */
const TOPIC_RULES: [RegExp, (match: RegExpExecArray) => string | null][] = [
  [/\b(?:bachillerato internacional|international baccalaureate)\b/giu, () => 'IB'],
  [/\bIB\b/gu, () => 'IB'],
  [
    /\b(\d)\s*(?:º|°|ª|o|er)?\.?\s*(?:de\s+)?(ESO|Primaria|Bachillerato|Infantil)\b/giu,
    (m) => `${m[1]}º ${STAGES[fold(m[2]!)]}`,
  ],
  [
    /\b(primer|primero|segundo|tercer|tercero|cuarto|quinto|sexto)\s+(?:de\s+|curso de\s+)?(ESO|Primaria|Bachillerato|Infantil)\b/giu,
    (m) => `${ORDINALS[fold(m[1]!)]}º ${STAGES[fold(m[2]!)]}`,
  ],
  [/\bESO\b/gu, () => 'ESO'],
  [/\b(?:FP|formaci[oó]n profesional)\b/gu, () => 'FP'],
  [/\b(bachillerato|primaria|infantil|guarder[ií]a)\b/giu, (m) => capitalise(m[1]!.toLowerCase())],
  [/\bIGCSEs?\b/gu, () => 'IGCSE'],
  [/\bA[- ]levels?\b/giu, () => 'A levels'],
  [/\bgrade\s+(\d{1,2}|k)\b/giu, (m) => `Grade ${m[1]!.toUpperCase()}`],
  [/\b(\d{1,2})(?:st|nd|rd|th)\s+grade\b/giu, (m) => `Grade ${m[1]}`],
  [/\byear\s+(\d{1,2})\b/giu, (m) => `Year ${m[1]}`],
  [
    /\b(kindergarten|nursery|pre-?school|(?:primary|secondary|high|middle|elementary) school|sixth form)\b/giu,
    (m) => capitalise(m[1]!.toLowerCase()),
  ],
  // A product code: capitals and at least two digits ("SKU-1042", "AB12").
  [/\b[A-Z][A-Z0-9]*-?\d{2,}[A-Z0-9-]*\b/gu, (m) => (m[0].length >= 4 ? m[0] : null)],
];
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A visitor's question and the assistant's answer to it (null when none came). */
interface Exchange {
  question: string;
  answer: OverviewMessage | null;
}

/** The visitor's questions, each with the first assistant message after it. */
export function exchangesOf(messages: OverviewMessage[]): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const question = message.content.trim();
      if (question !== '') exchanges.push({ question, answer: null });
    } else if (exchanges.length > 0 && exchanges.at(-1)!.answer === null) {
      exchanges.at(-1)!.answer = message;
    }
  }
  return exchanges;
}

/** The visitor's messages as one text (what contacts and the language are read from). */
export const visitorText = (input: OverviewInput) =>
  input.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n');

/** The conversation's language: the visitor's, when it can be told; else the conversation's locale. */
export const languageOf = (input: OverviewInput): Locale =>
  detectLanguage(visitorText(input)) ?? input.locale;

/** The contact: the form's fields first, then what the visitor wrote. */
export function contactOf(input: OverviewInput): Overview['contact'] {
  const text = visitorText(input);
  const form: Contact | null = input.contact;
  const name = form?.name.trim() || null;
  return {
    name: name ?? nameIn(text),
    email: form?.email || emailsIn(text)[0] || null,
    phone: form?.phone || phonesIn(text, input.country)[0] || null,
  };
}

const answered = (exchange: Exchange) =>
  exchange.answer !== null && exchange.answer.answered && !exchange.answer.handoff;

/** The intent with the most keywords (complaint first on a tie); `information` for a plain question. */
function intentOf(questions: string[]): Intent {
  if (questions.length === 0) return 'other';
  const text = questions.map(fold).join('\n');
  let best: Intent | null = null;
  let most = 0;
  for (const [intent, pattern] of INTENT_RULES) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > most) [best, most] = [intent, count];
  }
  return best ?? (INFORMATION.test(text) ? 'information' : 'other');
}

/** The topics named in one question, in the order they appear. */
function topicsIn(question: string): string[] {
  const claimed: [number, number][] = [];
  const found: [number, string][] = [];
  for (const [pattern, name] of TOPIC_RULES) {
    for (const match of question.matchAll(pattern)) {
      const [start, end] = [match.index, match.index + match[0].length];
      if (claimed.some(([from, to]) => start < to && end > from)) continue;
      const topic = name(match);
      if (topic === null) continue;
      claimed.push([start, end]);
      found.push([start, topic]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, topic]) => topic);
}

/** The title a source shows as a topic: a FAQ's question, or a file's name without its extension. */
const sourceTopics = (exchanges: Exchange[]) =>
  exchanges.flatMap(({ answer }) =>
    (answer?.sources ?? []).flatMap((source) =>
      source.kind !== 'knowledge_base' && source.title?.trim()
        ? [
            source.kind === 'file'
              ? source.title.trim().replace(/\.[a-z0-9]{1,5}$/iu, '')
              : source.title.trim(),
          ]
        : [],
    ),
  );

/** The items without repeats (ignoring case and accents), the first `max`. */
export function distinct(items: string[], max: number): string[] {
  const seen = new Map<string, string>();
  for (const item of items) {
    const key = fold(item.trim());
    if (key !== '' && !seen.has(key)) seen.set(key, item.trim());
  }
  return [...seen.values()].slice(0, max);
}

function urgencyOf(intent: Intent, questions: string[], handoff: boolean, contactLeft: boolean): Urgency {
  if (intent === 'complaint' || questions.some((question) => URGENT.test(fold(question)))) return 'high';
  if (handoff || contactLeft || intent === 'visit' || intent === 'enrolment' || intent === 'purchase')
    return 'medium';
  return 'low';
}

function nextStepOf(
  locale: Locale,
  contact: Overview['contact'],
  unanswered: number,
  intent: Intent,
): string {
  const steps: string[] = [];
  const means = [
    ...(contact.phone ? [phrases.byPhone[locale](contact.phone)] : []),
    ...(contact.email ? [phrases.byEmail[locale](contact.email)] : []),
  ];
  if (means.length > 0) steps.push(phrases.contactBy[locale](contact.name, means));
  else if (intent === 'complaint') steps.push(phrases.reviewComplaint[locale]());
  if (unanswered > 0) steps.push(phrases.addFaq[locale](unanswered));
  return steps.length > 0 ? steps.join(' ') : phrases.noAction[locale]();
}

const quote = (text: string) =>
  text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1).trimEnd()}…` : text;

/** The overview made by rules from the messages alone. */
export function extractiveOverview(input: OverviewInput, now: Date): Overview {
  const locale = languageOf(input);
  const exchanges = exchangesOf(input.messages);
  const questions = exchanges.map((exchange) => exchange.question);
  const open = exchanges.filter((exchange) => !answered(exchange));
  const handoff = input.messages.some((message) => message.role === 'assistant' && message.handoff);
  const contact = contactOf(input);
  const contactLeft = input.contact !== null || contact.email !== null || contact.phone !== null;
  const intent = intentOf(questions);

  const summary =
    questions.length === 0
      ? [phrases.noQuestions[locale]()]
      : [
          phrases.asked[locale](questions.length, quote(questions[0]!)),
          phrases.answers[locale](questions.length - open.length, questions.length),
        ];
  if (handoff) summary.push(phrases.handoff[locale]());
  if (contactLeft) summary.push(phrases.contactLeft[locale]());

  const unanswered = distinct(
    open.map((exchange) => exchange.question),
    MAX_UNANSWERED,
  );
  return {
    summary: summary.join(' '),
    intent,
    topics: distinct([...questions.flatMap(topicsIn), ...sourceTopics(exchanges)], MAX_TOPICS),
    unanswered_questions: unanswered,
    contact,
    urgency: urgencyOf(intent, questions, handoff, contactLeft),
    next_step: nextStepOf(locale, contact, unanswered.length, intent),
    language: locale,
    generated_at: now.toISOString(),
    generator: 'extractive',
  };
}
