/** The named limits of the API (docs/architecture.md#tenancy-and-auth): keys and sizes in one place. */
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS, MAILS_PER_HOUR } from '@conversa/contract/constants';
import { HANDOFF_CONFIRMATIONS_PER_HOUR } from '@conversa/contract/assistant';
import { TYPING_EVERY_MS } from '@conversa/contract/conversation';
import type { RateLimit } from './rate-limit.service';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** Sign-up codes and reset mails one IP may ask for in an hour, across all addresses. */
export const MAIL_REQUESTS_PER_IP_PER_HOUR = 20;

/** Failed logins of one account (by e-mail, whether or not it exists). */
export const loginAccountLimit = (email: string): RateLimit => ({
  key: `login:account:${email}`,
  max: LOGIN_MAX_FAILURES,
  windowSeconds: LOGIN_WINDOW_SECONDS,
});

/** Failed logins from one IP, whatever the account. */
export const loginIpLimit = (ip: string): RateLimit => ({
  key: `login:ip:${ip}`,
  max: LOGIN_MAX_FAILURES,
  windowSeconds: LOGIN_WINDOW_SECONDS,
});

/** Verification codes and reset mails to one address. */
export const mailAddressLimit = (email: string): RateLimit => ({
  key: `mail:address:${email}`,
  max: MAILS_PER_HOUR,
  windowSeconds: HOUR,
});

/** Verification codes and reset mails asked for from one IP. */
export const mailIpLimit = (ip: string): RateLimit => ({
  key: `mail:ip:${ip}`,
  max: MAIL_REQUESTS_PER_IP_PER_HOUR,
  windowSeconds: HOUR,
});

/** Chat sessions one IP may start in an hour (a school's visitors may share one address). */
export const CHAT_SESSIONS_PER_IP_PER_HOUR = 60;
/** Questions in one conversation, and from one IP, per ten minutes. */
export const CHAT_MESSAGES_PER_CONVERSATION = 20;
export const CHAT_MESSAGES_PER_IP = 120;
const TEN_MINUTES = 10 * 60;

/** `user/check-email` lookups from one IP in ten minutes: a sign-in needs one or two; a scan of who has an account, thousands. */
export const EMAIL_CHECKS_PER_IP = 30;

/** `user/check-email` lookups from one IP (whether the address has an account is what it tells). */
export const emailCheckIpLimit = (ip: string): RateLimit => ({
  key: `email-check:ip:${ip}`,
  max: EMAIL_CHECKS_PER_IP,
  windowSeconds: 10 * 60,
});

/** Public chat sessions started from one IP. */
export const chatSessionIpLimit = (ip: string): RateLimit => ({
  key: `chat:session:ip:${ip}`,
  max: CHAT_SESSIONS_PER_IP_PER_HOUR,
  windowSeconds: HOUR,
});

/** Questions asked in one conversation (one guest token). */
export const chatConversationLimit = (conversationId: string): RateLimit => ({
  key: `chat:message:conversation:${conversationId}`,
  max: CHAT_MESSAGES_PER_CONVERSATION,
  windowSeconds: TEN_MINUTES,
});

/** Questions asked from one IP, across conversations. */
export const chatIpLimit = (ip: string): RateLimit => ({
  key: `chat:message:ip:${ip}`,
  max: CHAT_MESSAGES_PER_IP,
  windowSeconds: TEN_MINUTES,
});

/** Contacts left in one conversation per hour (a correction or two), and from one IP. */
export const CONTACTS_PER_CONVERSATION = 3;
export const CONTACTS_PER_IP = 20;

/** Contacts left in one conversation. */
export const contactConversationLimit = (conversationId: string): RateLimit => ({
  key: `contact:conversation:${conversationId}`,
  max: CONTACTS_PER_CONVERSATION,
  windowSeconds: HOUR,
});

/** Times a visitor may ask for a person in one conversation in an hour. */
export const PERSON_REQUESTS_PER_CONVERSATION = 10;

/** A visitor's requests for a person in one conversation. */
export const personRequestLimit = (conversationId: string): RateLimit => ({
  key: `person:conversation:${conversationId}`,
  max: PERSON_REQUESTS_PER_CONVERSATION,
  windowSeconds: HOUR,
});

/** Contacts left from one IP. */
export const contactIpLimit = (ip: string): RateLimit => ({
  key: `contact:ip:${ip}`,
  max: CONTACTS_PER_IP,
  windowSeconds: HOUR,
});

/** Invitation mails (new or sent again) of one institution in an hour. */
export const INVITATIONS_PER_INSTITUTION_PER_HOUR = 50;

export const invitationLimit = (institutionId: number): RateLimit => ({
  key: `invitation:institution:${institutionId}`,
  max: INVITATIONS_PER_INSTITUTION_PER_HOUR,
  windowSeconds: HOUR,
});

/**
 * Lead imports (dry runs too) of one institution in an hour: each reads up to 10 MB in the import
 * thread, which every institution of the process shares.
 */
export const LEAD_IMPORTS_PER_HOUR = 60;

export const leadImportLimit = (institutionId: number): RateLimit => ({
  key: `lead-import:institution:${institutionId}`,
  max: LEAD_IMPORTS_PER_HOUR,
  windowSeconds: HOUR,
});

/**
 * Logo uploads of one institution in an hour, its assistants' and its own together: each reads an
 * image of up to LOGO_MAX_BYTES and writes it to the file store.
 */
export const LOGO_UPLOADS_PER_HOUR = 30;

export const logoUploadLimit = (institutionId: number): RateLimit => ({
  key: `logo-upload:institution:${institutionId}`,
  max: LOGO_UPLOADS_PER_HOUR,
  windowSeconds: HOUR,
});

/**
 * WhatsApp number checks with Meta (a channel saved with a number or a token) one institution makes
 * in an hour: each save is a request to the Graph API on the member's word.
 */
export const WHATSAPP_NUMBER_CHECKS_PER_HOUR = 20;

export const whatsappNumberCheckLimit = (institutionId: number): RateLimit => ({
  key: `whatsapp:number-check:institution:${institutionId}`,
  max: WHATSAPP_NUMBER_CHECKS_PER_HOUR,
  windowSeconds: HOUR,
});

/**
 * Handoff confirmation mails of one assistant in an hour, whether a save of a new address or Resend
 * sent them: each goes to an address a member typed, not yet shown to be theirs.
 */
export const handoffConfirmationLimit = (assistantId: number): RateLimit => ({
  key: `handoff-confirmation:assistant:${assistantId}`,
  max: HANDOFF_CONFIRMATIONS_PER_HOUR,
  windowSeconds: HOUR,
});

/**
 * Invitation mails (new or sent again) one person sends in a day, whatever the institution: one
 * who signs up and makes institution after institution is still one sender.
 */
export const INVITATIONS_PER_USER_PER_DAY = 100;

export const invitationUserLimit = (userId: number): RateLimit => ({
  key: `invitation:user:${userId}`,
  max: INVITATIONS_PER_USER_PER_DAY,
  windowSeconds: DAY,
});

/** Model calls a day per institution, all kinds together, unless LLM_DAILY_CALLS_PER_INSTITUTION says otherwise. */
export const DEFAULT_DAILY_MODEL_CALLS = 2_000;
/** Model calls one staff member (Try it, overviews) or one seller (reading free text) may cause in ten minutes. */
export const MODEL_CALLS_PER_USER = 30;
/** Model calls of one institution's staff and sellers together in ten minutes (visitors count in the day's only). */
export const MODEL_CALLS_PER_INSTITUTION = 100;
/** Model failures in a row (none answering between them) that open the circuit breaker, and how long they count. */
export const MODEL_BREAKER_FAILURES = 10;
export const MODEL_BREAKER_SECONDS = 60;

/** Model calls one member of the staff causes (previews and overviews). */
export const modelUserLimit = (userId: number): RateLimit => ({
  key: `llm:user:${userId}`,
  max: MODEL_CALLS_PER_USER,
  windowSeconds: TEN_MINUTES,
});

/** Model calls one seller causes on WhatsApp (by institution: a number may sell for several). */
export const modelSellerLimit = (institutionId: number, phoneNumber: string): RateLimit => ({
  key: `llm:seller:${institutionId}:${phoneNumber}`,
  max: MODEL_CALLS_PER_USER,
  windowSeconds: TEN_MINUTES,
});

/** Model calls of an institution's staff and sellers together. */
export const modelInstitutionLimit = (institutionId: number): RateLimit => ({
  key: `llm:institution:${institutionId}`,
  max: MODEL_CALLS_PER_INSTITUTION,
  windowSeconds: TEN_MINUTES,
});

/** Every model call of an institution in a day, visitors' answers too. */
export const modelDailyLimit = (institutionId: number, max: number): RateLimit => ({
  key: `llm:day:${institutionId}`,
  max,
  windowSeconds: DAY,
});

/** The circuit breaker: failed model calls in a row, whoever made them (cleared by an answer). */
export const modelBreaker: RateLimit = {
  key: 'llm:failures',
  max: MODEL_BREAKER_FAILURES,
  windowSeconds: MODEL_BREAKER_SECONDS,
};

/**
 * Webhook deliveries refused (bad signature, unknown number) from one IP in ten minutes. Meta's
 * deliveries are signed and never refused, so only a sender probing the webhook reaches it; past
 * it, deliveries from that IP are refused before any number is looked up.
 */
export const WEBHOOK_REFUSALS_PER_IP = 100;

export const webhookRefusalIpLimit = (ip: string): RateLimit => ({
  key: `whatsapp:webhook:refused:ip:${ip}`,
  max: WEBHOOK_REFUSALS_PER_IP,
  windowSeconds: TEN_MINUTES,
});

/**
 * Takeovers, hand-backs and replies one staff member makes in ten minutes, and an institution's
 * staff together: a person chatting with several visitors at once sends one every few seconds.
 */
export const LIVE_ACTIONS_PER_MEMBER = 120;
export const LIVE_ACTIONS_PER_INSTITUTION = 600;

export const liveActionLimits = (institutionId: number, userId: number): RateLimit[] => [
  { key: `live:member:${userId}`, max: LIVE_ACTIONS_PER_MEMBER, windowSeconds: TEN_MINUTES },
  { key: `live:institution:${institutionId}`, max: LIVE_ACTIONS_PER_INSTITUTION, windowSeconds: TEN_MINUTES },
];

/**
 * "Typing" signals one staff member sends in ten minutes: the console sends one at most every
 * TYPING_EVERY_MS while a person types, so this allows two conversations typed in without pause.
 */
export const TYPING_SIGNALS_PER_MEMBER = 2 * ((TEN_MINUTES * 1000) / TYPING_EVERY_MS);

export const typingLimit = (userId: number): RateLimit => ({
  key: `live:typing:${userId}`,
  max: TYPING_SIGNALS_PER_MEMBER,
  windowSeconds: TEN_MINUTES,
});

/**
 * Websites added and crawls started now ("Sync now") by one institution in an hour: each crawl
 * makes up to WEBSITE_MAX_PAGES requests to a site on the member's word.
 */
export const WEBSITE_CHANGES_PER_HOUR = 30;

export const websiteChangeLimit = (institutionId: number): RateLimit => ({
  key: `website:change:institution:${institutionId}`,
  max: WEBSITE_CHANGES_PER_HOUR,
  windowSeconds: HOUR,
});

/** Person lookups, exports and erasures of one institution in an hour (issue 36): a handful a day is normal. */
export const PERSON_REQUESTS_PER_HOUR = 60;
/** Deletions (assistants, an institution, the account) one user asks for in an hour, and account-deletion password tries. */
export const DELETIONS_PER_USER_PER_HOUR = 20;
/** Conversations visitors delete from one IP in an hour. */
export const VISITOR_DELETES_PER_IP_PER_HOUR = 20;

/** A person's lookup, export or erasure in one institution. */
export const personDataLimit = (institutionId: number): RateLimit => ({
  key: `person:institution:${institutionId}`,
  max: PERSON_REQUESTS_PER_HOUR,
  windowSeconds: HOUR,
});

/** A deletion asked for by one user (each try of the account's password counts). */
export const deletionUserLimit = (userId: number): RateLimit => ({
  key: `deletion:user:${userId}`,
  max: DELETIONS_PER_USER_PER_HOUR,
  windowSeconds: HOUR,
});

/** A visitor deleting their conversation, by IP. */
export const visitorDeleteIpLimit = (ip: string): RateLimit => ({
  key: `visitor-delete:ip:${ip}`,
  max: VISITOR_DELETES_PER_IP_PER_HOUR,
  windowSeconds: HOUR,
});

/** Ratings one conversation may give in ten minutes (a visitor changing their mind), and one IP. */
export const FEEDBACK_PER_CONVERSATION = 60;
export const FEEDBACK_PER_IP = 300;

/** Ratings given in one conversation (one guest token). */
export const feedbackConversationLimit = (conversationId: string): RateLimit => ({
  key: `feedback:conversation:${conversationId}`,
  max: FEEDBACK_PER_CONVERSATION,
  windowSeconds: TEN_MINUTES,
});

/** Ratings given from one IP, across conversations. */
export const feedbackIpLimit = (ip: string): RateLimit => ({
  key: `feedback:ip:${ip}`,
  max: FEEDBACK_PER_IP,
  windowSeconds: TEN_MINUTES,
});

/** Test runs of one assistant in an hour: each asks up to MAX_TEST_QUESTIONS questions. */
export const TEST_RUNS_PER_HOUR = 30;

/** Test runs of one institution's assistants together in an hour: two assistants' worth. */
export const TEST_RUNS_PER_INSTITUTION_PER_HOUR = 2 * TEST_RUNS_PER_HOUR;

/** Runs of an assistant's test questions, and of its institution's assistants together. */
export const testRunLimits = (institutionId: number, assistantId: number): RateLimit[] => [
  { key: `test-run:assistant:${assistantId}`, max: TEST_RUNS_PER_HOUR, windowSeconds: HOUR },
  {
    key: `test-run:institution:${institutionId}`,
    max: TEST_RUNS_PER_INSTITUTION_PER_HOUR,
    windowSeconds: HOUR,
  },
];
