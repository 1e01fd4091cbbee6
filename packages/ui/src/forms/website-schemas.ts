/** The website forms' valibot schemas, from the contract's request bodies (docs/architecture.md#websites). */
import { ValidationCode as C } from '@conversa/contract/codes';
import {
  CrawlUrlSchema,
  CreateWebsiteBodySchema,
  type UpdateWebsiteBody,
  WEBSITE_SCHEDULES,
  type WebsiteSchedule,
} from '@conversa/contract/website';
import * as v from 'valibot';

/** Path patterns as the trainer types them: one per line, blank lines ignored. */
export const patternLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The settings as typed: numbers and patterns as text, checked by the contract's schemas. */
const settingsEntries = {
  max_pages: v.pipe(
    v.string(),
    v.check(
      (text) => /^\d+$/.test(text.trim()) && v.is(CreateWebsiteBodySchema.entries.max_pages, Number(text)),
      C.invalidNumber,
    ),
  ),
  schedule: v.picklist(WEBSITE_SCHEDULES, C.invalidOption),
  include: v.pipe(
    v.string(),
    v.check((text) => v.is(CreateWebsiteBodySchema.entries.include, patternLines(text)), C.invalidValue),
  ),
  exclude: v.pipe(
    v.string(),
    v.check((text) => v.is(CreateWebsiteBodySchema.entries.exclude, patternLines(text)), C.invalidValue),
  ),
};

/** A site's settings form. */
export const WebsiteSettingsFormSchema = v.object(settingsEntries);
export type WebsiteSettingsValues = {
  max_pages: string;
  schedule: WebsiteSchedule;
  include: string;
  exclude: string;
};

/** The add form: the address (a bare host gets `https://`), then the settings. */
export const AddWebsiteFormSchema = v.object({ url: CrawlUrlSchema, ...settingsEntries });
export type AddWebsiteValues = WebsiteSettingsValues & { url: string };

/** The request body of the settings typed. */
export function settingsBody(values: WebsiteSettingsValues): Required<UpdateWebsiteBody> {
  return {
    max_pages: Number(values.max_pages),
    schedule: values.schedule,
    include: patternLines(values.include),
    exclude: patternLines(values.exclude),
  };
}

/** The address as the server reads it (`school.edu` → `https://school.edu`). */
export const crawlUrl = (typed: string): string => v.parse(CrawlUrlSchema, typed);
