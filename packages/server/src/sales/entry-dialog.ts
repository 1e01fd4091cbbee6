/**
 * A seller entering a lead or a purchase order by chat (docs/architecture.md#sales-support), as a
 * pure step: the seller's unfinished entry and their next message in; the new entry, the replies and,
 * once confirmed, the record to save out. The caller stores the entry per seller and assistant, so
 * two sellers never mix.
 *
 * - Guided: `lead` / `nuevo lead` or `order` / `pedido` alone; each field is asked in turn (the
 *   built-in ones, then the configured ones), `skip` / `saltar` leaves an optional one empty.
 * - In one message: the keyword on the first line, then `Label: value` lines (labels in either
 *   language, case and accents ignored); only what is missing or wrong is asked for.
 * - `cancel` / `cancelar` at any time; a summary, then `yes` / `sí` saves. At the summary a
 *   `Label: value` line changes a field.
 * - Thirty minutes of silence and the entry expires (`isExpired`); the caller says so.
 */
import type { Locale } from '@conversa/contract/constants';
import { type FieldValue, MAX_ORDER_LINES, type RecordKind } from '@conversa/contract/sales';
import { translate } from '../i18n/translate';
import {
  CANCEL,
  type Field,
  fieldNamed,
  keywordOf,
  LABELLED,
  LINE_FIELDS,
  NO,
  planOf,
  SKIP,
  YES,
} from './entry-fields';
import {
  type EntryRecord,
  type EntryState,
  expiredText,
  isExpired,
  type LineKey,
  type StepInput,
  type StepResult,
} from './entry-state';
import { type AskedField, ENTRY_TEXT } from './entry-text';
import { fold, parseFieldValue, showValue } from './field-values';

/** One step of the dialog. */
export function stepEntry(previous: EntryState | null, input: StepInput): StepResult {
  const replies: string[] = [];
  let state = previous;
  if (state && isExpired(state, input.now)) {
    replies.push(expiredText(state));
    state = null;
  }
  const keyword = keywordOf(input.text);
  if (keyword) {
    if (state) replies.push(ENTRY_TEXT[keyword.locale ?? state.locale].restarted(keyword.kind));
    return start(keyword.kind, keyword.locale ?? input.locale, input, replies);
  }
  if (!state) return { state: null, replies, handled: false };
  // A copy: the stored entry is never changed in place.
  const next: EntryState = {
    ...state,
    values: { ...state.values },
    lines: [...state.lines],
    line: state.line ? { ...state.line } : null,
    messageIds: [...state.messageIds, input.messageId],
    updatedAt: input.now.toISOString(),
  };
  return answer(next, input, replies);
}

/** A new entry: guided when the keyword is alone, else read from its `Label: value` lines. */
function start(kind: RecordKind, locale: Locale, input: StepInput, replies: string[]): StepResult {
  const state: EntryState = {
    kind,
    locale,
    mode: 'guided',
    values: {},
    lines: [],
    line: null,
    linesDone: false,
    asking: { step: 'confirm' },
    messageIds: [input.messageId],
    updatedAt: input.now.toISOString(),
  };
  const rest = input.text
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '');
  if (rest.length === 0) {
    replies.push(ENTRY_TEXT[locale].started(kind));
    return ask(state, input, replies);
  }
  state.mode = 'message';
  applyLabelled(state, rest, input, replies);
  return ask(state, input, replies);
}

/** Reads `Label: value` lines into the entry; says what it could not read. */
function applyLabelled(state: EntryState, lines: readonly string[], input: StepInput, replies: string[]) {
  const text = ENTRY_TEXT[state.locale];
  const plan = planOf(state.kind, input.configured);
  const fields = plan.filter((field): field is Field => field !== 'lines');
  const lineFields = state.kind === 'order' ? LINE_FIELDS : [];
  const unknown: string[] = [];
  for (const raw of lines) {
    const match = LABELLED.exec(raw);
    if (!match) {
      unknown.push(`"${raw.trim()}"`);
      continue;
    }
    const [, label = '', value = ''] = match;
    const field = fieldNamed(label, fields);
    const lineField = field ? undefined : fieldNamed(label, lineFields);
    const target = field ?? lineField;
    if (!target) {
      unknown.push(label);
      continue;
    }
    const parsed = parseFieldValue(target.type, value, { country: input.country, options: target.options });
    if (!parsed.ok) {
      replies.push(text.invalid(labelOf(target, state.locale), translate(state.locale, parsed.code)));
      continue;
    }
    if (field) {
      state.values[field.key] = parsed.value;
      continue;
    }
    // A line field already given starts the next line ("Código" twice: two lines).
    const key = target.key as LineKey;
    if (state.line && state.line[key] !== undefined) closeLine(state);
    state.line = { ...(state.line ?? {}), [key]: parsed.value };
    state.linesDone = false;
  }
  if (state.line && isLineComplete(state.line, 'message')) closeLine(state);
  // Lines given in one message are the order's lines; a guided entry still offers to add more.
  if (state.mode === 'message' && state.lines.length > 0 && !state.line) state.linesDone = true;
  if (unknown.length) {
    const known = [...fields, ...lineFields].map((field) => labelOf(field, state.locale));
    replies.push(text.unknownLabels(unknown, known));
  }
}

const labelOf = (field: Field, locale: Locale) => field.labels[locale][0] ?? field.key;

/** Whether a line has what it needs (in one-message entry an empty description is not asked for). */
const isLineComplete = (line: NonNullable<EntryState['line']>, mode: EntryState['mode']) =>
  LINE_FIELDS.every(
    (field) => line[field.key as LineKey] !== undefined || (mode === 'message' && !field.required),
  );

/** Moves the line being entered to the order's lines (when it has its required parts). */
function closeLine(state: EntryState) {
  const line = state.line;
  state.line = null;
  if (!line || typeof line.product_code !== 'string' || typeof line.quantity !== 'number') return;
  if (state.lines.length >= MAX_ORDER_LINES) return;
  state.lines.push({
    product_code: line.product_code,
    description: typeof line.description === 'string' ? line.description : null,
    quantity: line.quantity,
  });
}

/** The question of a field. */
function asked(field: Field, locale: Locale): AskedField {
  return {
    label: labelOf(field, locale),
    required: field.required,
    hint: field.type === 'date' ? 'date' : field.type === 'number' ? 'number' : null,
    options: field.options,
  };
}

/** Asks for what comes next: the first field without a value, the order's lines, or the confirmation. */
function ask(state: EntryState, input: StepInput, replies: string[]): StepResult {
  const text = ENTRY_TEXT[state.locale];
  for (const slot of planOf(state.kind, input.configured)) {
    if (slot === 'lines') {
      if (state.linesDone) continue;
      if (state.line) {
        const missing = LINE_FIELDS.find(
          (field) =>
            state.line![field.key as LineKey] === undefined && (state.mode === 'guided' || field.required),
        );
        if (missing) {
          state.asking = { step: 'line', key: missing.key as LineKey };
          replies.push(text.askLine(state.lines.length + 1, asked(missing, state.locale)));
          return { state, replies, handled: true };
        }
        closeLine(state);
      }
      if (state.lines.length === 0) {
        state.line = {};
        state.asking = { step: 'line', key: 'product_code' };
        replies.push(text.askLine(1, asked(LINE_FIELDS[0]!, state.locale)));
        return { state, replies, handled: true };
      }
      if (state.mode === 'guided' && state.lines.length < MAX_ORDER_LINES) {
        state.asking = { step: 'more_lines' };
        replies.push(text.moreLines);
        return { state, replies, handled: true };
      }
      state.linesDone = true;
      continue;
    }
    if (slot.key in state.values) continue;
    if (state.mode === 'message' && !slot.required) continue;
    state.asking = { step: 'field', key: slot.key };
    replies.push(text.ask(asked(slot, state.locale)));
    return { state, replies, handled: true };
  }
  state.asking = { step: 'confirm' };
  replies.push(summaryOf(state, input), text.confirm);
  return { state, replies, handled: true };
}

/** The entry as it would be saved, one field per line. */
function summaryOf(state: EntryState, input: StepInput): string {
  const text = ENTRY_TEXT[state.locale];
  const rows = [text.summary(state.kind)];
  for (const slot of planOf(state.kind, input.configured)) {
    if (slot === 'lines') {
      rows.push(`${text.linesLabel}:`);
      state.lines.forEach((line, index) =>
        rows.push(
          text.lineRow(
            index + 1,
            line.product_code,
            line.description,
            showValue('number', line.quantity, state.locale),
          ),
        ),
      );
      continue;
    }
    const value = state.values[slot.key];
    rows.push(
      `${labelOf(slot, state.locale)}: ${value === null || value === undefined ? text.empty : showValue(slot.type, value, state.locale)}`,
    );
  }
  return rows.join('\n');
}

/** The seller's answer to what was asked. */
function answer(state: EntryState, input: StepInput, replies: string[]): StepResult {
  const text = ENTRY_TEXT[state.locale];
  const command = fold(input.text).replace(/[.!¡]+$/u, '');
  if (CANCEL.has(command)) {
    replies.push(text.cancelled(state.kind));
    return { state: null, replies, handled: true };
  }
  const { asking } = state;
  if (asking.step === 'confirm') {
    if (YES.has(command)) {
      replies.push(text.saved(state.kind));
      const record: EntryRecord = {
        kind: state.kind,
        values: state.values,
        lines: state.lines,
        messageIds: state.messageIds,
      };
      return { state: null, replies, record, handled: true };
    }
    if (NO.has(command)) {
      replies.push(text.cancelled(state.kind));
      return { state: null, replies, handled: true };
    }
    const lines = input.text.split('\n').filter((line) => LABELLED.test(line));
    if (lines.length > 0) {
      // Changes at the summary: read them, then show the summary again.
      applyLabelled(state, lines, input, replies);
      return ask(state, input, replies);
    }
    replies.push(text.confirm);
    return { state, replies, handled: true };
  }
  if (asking.step === 'more_lines') {
    if (YES.has(command)) {
      if (state.lines.length >= MAX_ORDER_LINES) {
        replies.push(text.tooManyLines(MAX_ORDER_LINES));
        state.linesDone = true;
      } else state.line = {};
      return ask(state, input, replies);
    }
    if (NO.has(command)) {
      state.linesDone = true;
      return ask(state, input, replies);
    }
    replies.push(text.yesOrNo, text.moreLines);
    return { state, replies, handled: true };
  }

  const field =
    asking.step === 'line'
      ? LINE_FIELDS.find((candidate) => candidate.key === asking.key)
      : planOf(state.kind, input.configured).find(
          (candidate): candidate is Field => candidate !== 'lines' && candidate.key === asking.key,
        );
  // A field removed from the configuration meanwhile: go on with the others.
  if (!field) return ask(state, input, replies);
  const reask = () =>
    asking.step === 'line'
      ? text.askLine(state.lines.length + 1, asked(field, state.locale))
      : text.ask(asked(field, state.locale));
  let value: FieldValue | null;
  if (SKIP.has(command)) {
    if (field.required) {
      replies.push(text.cannotSkip(labelOf(field, state.locale)), reask());
      return { state, replies, handled: true };
    }
    value = null;
  } else {
    const parsed = parseFieldValue(field.type, input.text, {
      country: input.country,
      options: field.options,
    });
    if (!parsed.ok) {
      replies.push(text.invalid(labelOf(field, state.locale), translate(state.locale, parsed.code)), reask());
      return { state, replies, handled: true };
    }
    value = parsed.value;
  }
  if (asking.step === 'line') state.line = { ...(state.line ?? {}), [asking.key]: value };
  else state.values[field.key] = value;
  return ask(state, input, replies);
}
