/**
 * Every console page's title and its social-share metadata (docs/product.md#screens-and-routes): `{title} | Conversa`, plus
 * description, og:title, og:description, og:type (website by default), og:url and og:image.
 */
import { PRODUCT_NAME } from '@conversa/contract/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

/** Page titles by route. */
export const pageTitles = {
  login: msg`Sign in`,
  resetPassword: msg`Reset password`,
  setupAssistant: msg`Assistant setup`,
  dashboard: msg`Dashboard`,
  conversation: msg`Conversation`,
  review: msg`To review`,
  trainer: msg`Trainer`,
  knowledgeBase: msg`Knowledge base`,
  faqs: msg`FAQs`,
  handoff: msg`Handoff details`,
  testQuestions: msg`Test questions`,
  fields: msg`Fields`,
  allowedNumbers: msg`Allowed numbers`,
  leads: msg`Leads`,
  lead: msg`Lead`,
  orders: msg`Orders`,
  orderDetails: msg`Order details`,
  leadsDashboard: msg`Leads dashboard`,
  ordersDashboard: msg`Orders dashboard`,
  aboutYou: msg`About you`,
  aboutYourSchool: msg`About your school`,
  aboutYourBusiness: msg`About your business`,
  password: msg`Password`,
  logout: msg`Log out`,
  changeInstitution: msg`Change institution`,
  team: msg`Team`,
  data: msg`Data`,
  join: msg`Join your team`,
  console: msg`Console`,
} satisfies Record<string, MessageDescriptor>;

/** Names of the titles above. */
export type PageTitleKey = keyof typeof pageTitles;

/** What a shared link to the console says about it. */
export const consoleDescription = msg`Set up AI assistants that answer families and customers, trained with your own documents and FAQs.`;

/** The share image the admin build publishes at its root. */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';

export interface PageMetaValues {
  title: string;
  description: string;
  /** og:type; `website` unless told. */
  type?: string;
  /** The page's address (default: the current location). */
  url?: string;
  /** Absolute or root-relative image URL (default: the console's share image). */
  image?: string;
}

/** `{title} | Conversa`. */
export function documentTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

/** Creates or updates `<meta {attribute}="{key}" content="…">` in the head. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
}

/** Writes the title and the share tags whenever one of the values changes. */
export function usePageMeta({
  title,
  description,
  type = 'website',
  url,
  image = DEFAULT_SHARE_IMAGE,
}: PageMetaValues): void {
  useEffect(() => {
    const full = documentTitle(title);
    document.title = full;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:url', url ?? window.location.href);
    // Crawlers need absolute URLs.
    setMeta('property', 'og:image', new URL(image, window.location.origin).href);
    setMeta('property', 'og:site_name', PRODUCT_NAME);
    setMeta('name', 'twitter:card', 'summary_large_image');
  }, [title, description, type, url, image]);
}

export interface PageMetaProps {
  title: MessageDescriptor | string;
  /** Default: the console's description. */
  description?: MessageDescriptor | string;
  type?: string;
  url?: string;
  image?: string;
}

/** Renders nothing; keeps the head in step with the page, in the active language. */
export function PageMeta({ title, description = consoleDescription, ...rest }: PageMetaProps) {
  const { i18n } = useLingui();
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : i18n._(value));
  usePageMeta({ title: text(title), description: text(description), ...rest });
  return null;
}
