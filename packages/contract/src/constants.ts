/** Business constants and limits shared by the server and the frontends (docs/product.md#constants). */

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;
export const SEARCH_DEBOUNCE_MS = 500;

export const PASSWORD_MIN_LENGTH = 8;
/** OWASP asks for at least 64; longer inputs only cost hashing time. */
export const PASSWORD_MAX_LENGTH = 128;

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
export const VERIFICATION_RESEND_SECONDS = 60;
/** Wrong guesses after which a code stops working (6 digits must not be brute-forced). */
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** Codes and reset mails per address per hour. */
export const MAILS_PER_HOUR = 5;
/** Failed logins per account and per IP in the window, before 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
/** The longest question a visitor may send the assistant, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;
/** The longest reason a visitor may give with a rating ("What was wrong?"), in characters (issue 35). */
export const FEEDBACK_REASON_MAX = 500;
export const FILE_MAX_COUNT = 20;
export const FILE_MAX_MB = 10;
export const FILE_MAX_BYTES = FILE_MAX_MB * 1024 * 1024;
export const FILE_TYPES = ['txt', 'docx', 'pdf'] as const;

/** Pages one crawl of a website reads when its `max_pages` is not given (docs/architecture.md#websites). */
export const WEBSITE_DEFAULT_PAGES = 100;
/** The most pages one website may have read (its `max_pages` at most). */
export const WEBSITE_MAX_PAGES = 1_000;
/** Websites one assistant may learn from; beyond, 403 `quota_exceeded`. */
export const WEBSITE_MAX_SITES = 10;
/** Include or exclude patterns one website may have, and the longest one, in characters. */
export const WEBSITE_MAX_PATTERNS = 20;
export const WEBSITE_PATTERN_MAX_LENGTH = 200;
/** The time one page (or linked document) may take to arrive, whole. */
export const WEBSITE_PAGE_TIMEOUT_MS = 15_000;
/** The largest page (or linked document) the crawler reads; a bigger one is `too_large`. */
export const WEBSITE_PAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * How long the crawler may take to read one fetched web page (its main text and links), and the
 * memory it may use for it; past either the page is `too_complex` (it keeps its last good passages).
 */
export const WEBSITE_PAGE_READ_TIMEOUT_MS = 10_000;
export const WEBSITE_PAGE_READ_MEMORY_MB = 256;
/**
 * Requests the crawler makes for one institution in a UTC day, all its sites together (pages,
 * documents, robots.txt, sitemaps): past it the crawl pauses and resumes the next day.
 */
export const WEBSITE_DAILY_PAGE_BUDGET = 5_000;
/**
 * Requests the crawler makes of one host (`URL.host`) in a UTC day, every institution's sites on it
 * together: sign-ups multiply the institutions' budgets, not what one site receives from us.
 */
export const WEBSITE_HOST_DAILY_PAGE_BUDGET = 20_000;
/** Requests the crawler has in flight to one host (`URL.host`) at once, every process's together. */
export const WEBSITE_HOST_REQUESTS_AT_ONCE = 2;
/**
 * The `<meta name>` by which a site's owner proves it is theirs: on the home page of the site's
 * host, with the site's `owner_token` as its content. A verified owner's crawl of its own host is
 * never held back by the host's daily budget (only by the institution's).
 */
export const WEBSITE_OWNER_META = 'conversa-site-verification';

/** Institutions one user may create (platform admins are exempt); beyond, 403 `quota_exceeded`. */
export const MAX_INSTITUTIONS_PER_USER = 10;
/** Assistants (institution products) one institution may have, its first one included. */
export const MAX_ASSISTANTS_PER_INSTITUTION = 10;

export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
export const DATE_FORMATS = {
  date: 'DD/MM/YYYY',
  dateTime: 'DD/MM/YYYY HH:mm',
  isoDate: 'YYYY-MM-DD',
  isoDateTime: 'YYYY-MM-DDTHH:mm:ss.SSS',
  time: 'HH:mm',
} as const;

export const SIDEBAR_WIDTH = 96;
export const SIDEBAR_EXPANDED_WIDTH = 200;
export const SUBMENU_TRANSITION_MS = 500;
export const TOAST_DURATION_MS = 3000;

export const THEME = {
  radius: '12px',
  font: 'Manrope',
  controlHeightSmall: '2.25rem',
  controlHeightMedium: '2.5rem',
} as const;

/** Number-of-students buckets offered at sign-up (docs/product.md#what-things-hold). */
export const STUDENT_BUCKETS = ['up_to_250', '250_500', '500_1000', 'over_1000'] as const;
export type StudentBucket = (typeof STUDENT_BUCKETS)[number];

/** Positions offered at sign-up (docs/product.md#what-things-hold); stored on the profile as `role`. */
export const SIGNUP_POSITIONS = [
  'principal',
  'admissions_team',
  'administrative_staff',
  'communications_marketing',
  'director_general',
] as const;
export type SignupPosition = (typeof SIGNUP_POSITIONS)[number];

export const PRODUCT_NAME = 'Conversa';
