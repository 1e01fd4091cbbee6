/**
 * The chat (DESIGN §6): header with logo and name (and a close button in frame mode), suggested
 * questions, the messages in an `aria-live` list, answers streamed token by token with their sources and
 * the handoff card, the SPEC §4 text when the link is inactive, and a typed message kept (with a retry
 * button) when it could not be sent. Keyboard only works throughout; the input takes focus on open.
 */
import type { Handoff } from '@conversa/contract/assistant';
import type { ChatMessage, Source, WidgetAssistant } from '@conversa/contract/chat';
import { isApiRequestError } from '@conversa/data/errors';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatConfig } from './config';
import type { ChatApi } from './conversation';
import type { Messages } from './i18n';
import { Markdown } from './markdown';

/** One line of the conversation on screen (`pending` while its answer streams). */
interface Line {
  key: string;
  role: ChatMessage['role'];
  text: string;
  sources: Source[];
  handoff: Handoff | null;
  pending?: boolean;
}

/** Props of `Chat`. */
export interface ChatProps {
  config: ChatConfig;
  api: ChatApi;
  t: Messages;
  /** Frame mode: asks embed.js to close the chat. */
  onClose?: () => void;
  /** Called with a function that focuses the input (embed.js's `conversa:open`). */
  focusRef?: (focus: () => void) => void;
}

let nextKey = 0;
const lineOf = (message: ChatMessage): Line => ({ key: `m${message.id}`, ...message });

/** The whole chat. */
export function Chat({ config, api, t, onClose, focusRef }: ChatProps) {
  // null while loading; `missing` for an unknown id, `failed` when it could not be loaded.
  const [assistant, setAssistant] = useState<WidgetAssistant | 'missing' | 'failed' | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    focusRef?.(() => input.current?.focus());
    api
      .assistant()
      .then(async (found) => {
        setAssistant(found);
        if (!found.active) return;
        const conversation = await api.restore().catch(() => null);
        if (conversation) setLines(conversation.messages.map(lineOf));
      })
      .catch((error: unknown) =>
        setAssistant(isApiRequestError(error) && error.status === 404 ? 'missing' : 'failed'),
      );
  }, [api, focusRef]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [lines]);

  useEffect(() => {
    if (typeof assistant === 'object' && assistant?.active) input.current?.focus();
  }, [assistant]);

  /** Sends a question; on failure the text goes back into the input with a retry button. */
  const send = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy) return;
    const user: Line = { key: `u${nextKey++}`, role: 'user', text, sources: [], handoff: null };
    const answerKey = `a${nextKey++}`;
    const update = (change: (line: Line) => Line) =>
      setLines((current) => current.map((line) => (line.key === answerKey ? change(line) : line)));
    setLines((current) => [
      ...current,
      user,
      { key: answerKey, role: 'assistant', text: '', sources: [], handoff: null, pending: true },
    ]);
    setDraft('');
    setFailure(null);
    setBusy(true);
    try {
      await api.ask(text, (event) => {
        if (event.event === 'token') update((line) => ({ ...line, text: line.text + event.data.text }));
        else if (event.event === 'sources') update((line) => ({ ...line, sources: event.data.sources }));
        else if (event.event === 'handoff') update((line) => ({ ...line, handoff: event.data }));
        else if (event.event === 'done') update((line) => ({ ...line, pending: false }));
      });
      update((line) => ({ ...line, pending: false }));
    } catch (error) {
      setLines((current) => current.filter((line) => line.key !== user.key && line.key !== answerKey));
      setDraft(text);
      // Server answers (limits, inactive link) have a localized message; a lost connection has ours.
      setFailure(
        isApiRequestError(error) && error.kind === 'http' && error.message ? error.message : t.failed,
      );
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const header = (
    <header class="cv-head">
      {typeof assistant === 'object' && assistant?.logo ? (
        <img class="cv-logo" src={assistant.logo} alt="" />
      ) : null}
      <h1>{typeof assistant === 'object' ? assistant?.name : ''}</h1>
      {config.mode === 'frame' ? (
        <button type="button" class="cv-close" aria-label={t.close} onClick={onClose}>
          ×
        </button>
      ) : null}
    </header>
  );

  if (assistant === null || typeof assistant === 'string' || !assistant.active) {
    const text =
      assistant === null
        ? t.loading
        : assistant === 'missing'
          ? t.notFound
          : assistant === 'failed'
            ? t.unavailable
            : t.inactive;
    return (
      <div class="cv-chat">
        {header}
        <p class="cv-note" role="status">
          {text}
        </p>
      </div>
    );
  }

  return (
    <div class="cv-chat" style={{ '--cv-accent': assistant.snippet.color }}>
      {header}
      <ol class="cv-messages" ref={list} aria-live="polite" aria-label={t.messages}>
        {assistant.snippet.greeting ? (
          <li class="cv-msg cv-assistant">
            <Markdown text={assistant.snippet.greeting} />
          </li>
        ) : null}
        {lines.map((line) => (
          <li key={line.key} class={`cv-msg cv-${line.role}`} aria-busy={line.pending ? 'true' : undefined}>
            {line.role === 'user' ? <span class="cv-sr">{t.you}: </span> : null}
            {line.role === 'user' ? line.text : <Markdown text={line.text} />}
            {line.pending && !line.text ? <span class="cv-dots">{t.thinking}</span> : null}
            {line.sources.length ? <Sources sources={line.sources} t={t} /> : null}
            {line.handoff ? <HandoffCard handoff={line.handoff} t={t} /> : null}
          </li>
        ))}
      </ol>
      {lines.length === 0 && assistant.suggested_questions.length ? (
        <div class="cv-suggested" role="group" aria-label={t.suggested}>
          {assistant.suggested_questions.map((question) => (
            <button key={question} type="button" onClick={() => void send(question)} disabled={busy}>
              {question}
            </button>
          ))}
        </div>
      ) : null}
      {failure ? (
        <div class="cv-error" role="alert">
          <span>{failure}</span>
          <button type="button" onClick={() => void send(draft)} disabled={busy}>
            {t.retry}
          </button>
        </div>
      ) : null}
      <form
        class="cv-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send(draft);
        }}
      >
        <textarea
          ref={input}
          rows={1}
          value={draft}
          maxLength={2000}
          placeholder={t.placeholder}
          aria-label={t.placeholder}
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter adds a line.
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              void send(draft);
            }
          }}
        />
        <button type="submit" disabled={busy || !draft.trim()}>
          {t.send}
        </button>
      </form>
    </div>
  );
}

/** The sources of an answer, each named once. */
function Sources({ sources, t }: { sources: Source[]; t: Messages }) {
  const names = [...new Set(sources.map((source) => source.title ?? t.knowledgeBase))];
  return (
    <p class="cv-sources">
      {t.sources}: {names.join(', ')}
    </p>
  );
}

/** The person a visitor may turn to. */
function HandoffCard({ handoff, t }: { handoff: Handoff; t: Messages }) {
  return (
    <div class="cv-handoff">
      <strong>{t.handoff}</strong>
      {handoff.message ? <p>{handoff.message}</p> : null}
      {handoff.name ? <p>{handoff.name}</p> : null}
      {handoff.email ? (
        <p>
          <a href={`mailto:${handoff.email}`}>{handoff.email}</a>
        </p>
      ) : null}
      {handoff.phone ? (
        <p>
          <a href={`tel:${handoff.phone.replace(/[^+\d]/g, '')}`}>{handoff.phone}</a>
        </p>
      ) : null}
      {handoff.hours ? (
        <p>
          {t.hours}: {handoff.hours}
        </p>
      ) : null}
    </div>
  );
}
