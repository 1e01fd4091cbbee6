// The widget journeys' seeding and handles: a school with its assistant set up through the staff API
// (the same routes the console's screens use), the example website serving its snippet as pasted, and
// the launcher and chat frame on a host page, found by id, role and accessible name.
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { serveExample as serveExampleUntyped } from '../../examples/embed-html/serve.mjs';
import { PASSWORD } from './accounts';
import { api, seedInstitution, seedUser, type SeededUser } from './api';

/** A running example website. */
export interface ExampleSite {
  url: string;
  close(): Promise<void>;
}

/** `examples/embed-html/serve.mjs`'s `serveExample`, typed. */
export const serveExample = serveExampleUntyped as (options: {
  snippet: string;
  port?: number;
  host?: string;
  imageDelayMs?: number;
}) => Promise<ExampleSite>;

/** The assistant settings the journeys set (`PUT institution-product/{id}`). */
export interface AssistantSettings {
  name?: string;
  suggested_questions?: string[];
  handoff?: { name?: string; email?: string; phone?: string; hours?: string; message?: string } | null;
  public_link_active?: boolean;
  snippet?: { allowed_origins?: string[]; color?: string; position?: 'left' | 'right'; greeting?: string };
  live_chat?: {
    enabled: boolean;
    time_zone: string;
    hours: { day: number; from: string; to: string }[];
    wait_minutes: number;
    notify_after_minutes: number;
  };
}

/** What `GET institution-product/{id}` answers (the part the journeys read). */
interface AssistantDetail {
  id: number;
  name: string;
  embed_snippet: string;
  public_url: string;
}

/** A school and its assistant, seeded. */
export interface SeededAssistant {
  owner: SeededUser;
  institutionId: number;
  assistantId: number;
  /** The embed snippet's `data-assistant`. */
  externalId: string;
  /** `embed_snippet` exactly as Share your assistant shows it. */
  embedSnippet: string;
}

/**
 * Signs an owner up, creates a school (which starts with its admissions assistant), sets the
 * assistant up and saves its FAQs; resolves to the ids and the snippet as the API gives it.
 */
export async function seedAssistant(
  base: string,
  dataDir: string,
  {
    email,
    fullName,
    school,
    settings,
    faqs,
  }: {
    email: string;
    fullName: string;
    school: string;
    settings: AssistantSettings;
    faqs: { question: string; answer: string }[];
  },
): Promise<SeededAssistant> {
  const owner = await seedUser(base, dataDir, { email, password: PASSWORD, fullName });
  const institutionId = await seedInstitution(base, owner.jwt, {
    name: school,
    kind: 'school',
    country: 'GB',
  });
  const [assistant] = await api<{ id: number; product: { type: string } }[]>(
    base,
    'GET',
    `/institution/${institutionId}/product`,
    { token: owner.jwt },
  );
  if (assistant?.product.type !== 'admission')
    throw new Error(`a school starts with its admissions assistant, not ${assistant?.product.type}`);
  const assistantId = assistant.id;
  const staff = { token: owner.jwt, institution: institutionId };
  await updateAssistant(base, staff, assistantId, settings);
  await api(base, 'PUT', `/institution-product/${assistantId}/faq`, { ...staff, body: { faqs } });
  const detail = await api<AssistantDetail>(base, 'GET', `/institution-product/${assistantId}`, staff);
  const externalId = /data-assistant="([^"]+)"/.exec(detail.embed_snippet)?.[1];
  if (!externalId) throw new Error(`no data-assistant in the snippet: ${detail.embed_snippet}`);
  return { owner, institutionId, assistantId, externalId, embedSnippet: detail.embed_snippet };
}

/** Changes an assistant's settings as its owner. */
export async function updateAssistant(
  base: string,
  staff: { token: string; institution: number },
  assistantId: number,
  settings: AssistantSettings,
): Promise<void> {
  await api(base, 'PUT', `/institution-product/${assistantId}`, { ...staff, body: settings });
}

/** The launcher embed.js puts on the host page. */
export const launcherOf = (page: Page) => page.locator('#conversa-launcher');

/** The chat inside embed.js's iframe, for locators. */
export const chatOf = (page: Page): FrameLocator => page.frameLocator('#conversa-frame');

/** The chat frame itself (its window: storage, focus), once it has loaded the chat page. */
export async function chatFrameOf(page: Page): Promise<Frame> {
  const handle = await page.locator('#conversa-frame').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the chat frame has no document');
  await frame.waitForLoadState('domcontentloaded');
  return frame;
}

/** The chat's state as the host page holds it: frame shown, launcher expanded. */
export async function chatState(page: Page): Promise<{ frameShown: boolean; expanded: string | null }> {
  return page.evaluate(() => {
    const frame = document.getElementById('conversa-frame');
    return {
      frameShown: !!frame && !frame.hidden,
      expanded: document.getElementById('conversa-launcher')?.getAttribute('aria-expanded') ?? null,
    };
  });
}

/** The tag of the focused element in a frame (`TEXTAREA` when the chat input has focus). */
export const focusedIn = (frame: Frame | Page) =>
  frame.evaluate(() => document.activeElement?.tagName ?? null);

/** Waits until the chat input in the frame has the focus. */
export async function expectInputFocused(frame: Frame): Promise<void> {
  await expect.poll(() => focusedIn(frame), { timeout: 5_000 }).toBe('TEXTAREA');
}

/**
 * What an XSS payload would leave behind in a document: `window.__xss`, elements with event-handler
 * attributes, `javascript:` links and the payloads' `<img src=x>` anywhere; and inside `root` (the
 * chat's mount point: the host page has its own photo and icon; null for none) any img, script, svg,
 * iframe or object.
 */
export function traces(target: Frame | Page, root: string | null) {
  return target.evaluate((selector) => {
    const all = [...document.querySelectorAll('*')];
    const scope = selector === null ? null : document.querySelector(selector);
    const html = (el: Element) => el.outerHTML.slice(0, 200);
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
      handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map(html),
      javascriptLinks: all.filter((el) => /^\s*javascript:/i.test(el.getAttribute('href') ?? '')).map(html),
      payloadImages: all.filter((el) => el.tagName === 'IMG' && el.getAttribute('src') === 'x').map(html),
      injected: [...(scope?.querySelectorAll('img, script, svg, iframe, object, embed') ?? [])].map(html),
    };
  }, root);
}

/** What `traces` finds in a document nothing was injected into. */
export const NO_TRACES = { xss: null, handlers: [], javascriptLinks: [], payloadImages: [], injected: [] };
