/**
 * The chat (docs/architecture.md#the-widget-and-public-pages), on the data layer's hooks: the assistant by its snippet id, the visitor's
 * stored conversation restored after a reload, and questions answered as streamed events. Shows a
 * notice instead while loading, for an unknown id, on failure and for an inactive link (docs/product.md#states).
 * A message that could not be sent goes back into the input with a retry button. The input takes
 * focus when the chat is ready and after each answer; the list follows the newest message. A polite
 * status announces "writing", then each answer once it is whole (never piece by piece as it streams).
 * With live chat on, the handoff card offers a person now (docs/product.md#live-conversations):
 * while one is asked for or answers, the assistant is silent, and the chat follows the person's
 * replies, typing and status (the live part is loaded only then).
 */

/** A person's "typing" shows this long after the last sign of it. */
const TYPING_SHOWN_MS = 6_000;
import type { ChatEvent, ConversationStatus, LiveEvent, WidgetAssistant } from '@conversa/contract/chat';
import { useAskAssistant } from '@conversa/data/chat/ask-assistant';
import { usePublicAssistant } from '@conversa/data/chat/get-public-assistant';
import { storedGuest, useGuestConversation } from '@conversa/data/chat/guest-conversation';
import { isApiRequestError } from '@conversa/data/errors';
import { useDataClient } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { type CSSProperties, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { textOn } from './accent';
import { ChatFooter } from './chat-footer';
import { ChatHeader } from './chat-header';
import { ChatNotice } from './chat-notice';
import { Composer } from './composer';
import { type Line, lineOf, MessageList, noteOf } from './message-list';
import { SuggestedQuestions } from './suggested-questions';
import { Welcome } from './welcome';

/** The question before a visitor deletes their conversation, loaded when asked for. */
const ForgetConversation = lazy(() => import('./forget-conversation'));

/** Props of `Chat`. */
export interface ChatProps {
  /** The embed snippet's id of the assistant. */
  externalId: string;
  /** The assistant as the page came with it (server-rendered): shown at once, not fetched. */
  initialAssistant?: WidgetAssistant | null;
  /** In the embedded frame: asks embed.js to close the chat (the header shows a close button). */
  onClose?: () => void;
  /** Called with a function that focuses the input (embed.js's `conversa:open`). */
  focusRef?: (focus: () => void) => void;
  /** Forces a colour mode (stories); by default the visitor's `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /**
   * `frame` (default): inside embed.js's frame. `page`: a public page, which looks like the
   * institution's own: a header in its colour, the greeting and suggested questions as cards before
   * the first question, a footer with the privacy policy, a column that a wide screen frames.
   */
  layout?: 'frame' | 'page';
}

let nextKey = 0;

/** The whole chat. */
export function Chat({
  externalId,
  initialAssistant,
  onClose,
  focusRef,
  theme,
  layout = 'frame',
}: ChatProps) {
  const { t } = useLingui();
  const { data: assistant, error } = usePublicAssistant(externalId, initialAssistant);
  const active = assistant?.active === true;
  // null until the visitor asks: until then the stored conversation is what shows. Once asked, the
  // chat's own lines are the truth (the first question's new conversation is not read back).
  const [asked, setAsked] = useState<Line[] | null>(null);
  const { data: stored, isLoading: restoring } = useGuestConversation(active && asked === null);
  const ask = useAskAssistant(externalId);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // What the screen reader is told: "writing…", then the whole answer.
  const [announcement, setAnnouncement] = useState('');
  const announce = useRef(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const lines = asked ?? stored?.messages.map(lineOf) ?? [];
  const client = useDataClient();
  // Who answers: the assistant, or a person (asked for, or there); the stored conversation's at first.
  const [person, setPerson] = useState<ConversationStatus>('assistant');
  const personRef = useRef<ConversationStatus>('assistant');
  const [typing, setTyping] = useState<string | null>(null);
  // The visitor asked to delete their conversation: the question (its own chunk) shows.
  const [forgetting, setForgetting] = useState(false);
  const storedId = storedGuest(client)?.conversationId;
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const restoredStatus = stored?.status;
  useEffect(() => {
    if (restoredStatus && asked === null) {
      personRef.current = restoredStatus;
      setPerson(restoredStatus);
    }
  }, [restoredStatus, asked]);

  /** Adds a line once (a reply the stream sends again is not shown twice). */
  const add = (line: Line) =>
    setAsked((current) => {
      const base = current ?? linesRef.current;
      return base.some((one) => one.key === line.key) ? base : [...base, line];
    });
  const becomes = (status: ConversationStatus) => {
    personRef.current = status;
    setPerson(status);
  };

  const onLive = useRef<(event: LiveEvent) => void>(() => undefined);
  onLive.current = (live) => {
    if (live.event === 'typing') {
      setTyping(live.data.agent_name);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    } else if (live.event === 'message') {
      setTyping(null);
      add(lineOf(live.data));
      setAnnouncement(`${live.data.agent_name ?? ''}: ${live.data.text}`);
    } else {
      const { status, agent_name: name, reason } = live.data;
      const before = personRef.current;
      if (status === 'human' && before !== 'human' && name)
        add(noteOf(`n${nextKey++}`, t`${name} joined the conversation`));
      if (status === 'assistant' && before !== 'assistant') {
        setTyping(null);
        add(
          reason === 'no_one_answered'
            ? noteOf(
                `n${nextKey++}`,
                t`Nobody is available right now. Leave your details and we will contact you.`,
                true,
              )
            : noteOf(`n${nextKey++}`, t`You're back with the assistant.`),
        );
      }
      becomes(status);
    }
  };

  // While a person is asked for or answers, follow them (the live part is its own chunk).
  const following = person !== 'assistant';
  useEffect(() => {
    const id = storedGuest(client)?.conversationId;
    if (!following || !id) return;
    const controller = new AbortController();
    void import('@conversa/data/chat/live').then(({ followLive }) =>
      followLive(client, id, (live) => onLive.current(live), controller.signal),
    );
    return () => controller.abort();
  }, [following, client]);

  /** Asks for a person now; false when nobody can answer (the card then offers the form). */
  const onPerson = async (): Promise<boolean> => {
    const id = storedGuest(client)?.conversationId;
    if (!id) return false;
    const { requestPerson } = await import('@conversa/data/chat/live');
    const answer = await requestPerson(client, id);
    if (!answer.live) return false;
    if (answer.status === 'waiting' && personRef.current === 'assistant')
      add(noteOf(`n${nextKey++}`, t`Waiting for a person…`));
    becomes(answer.status);
    return true;
  };

  const notice = error
    ? error.status === 404
      ? 'missing'
      : 'failed'
    : !assistant || restoring
      ? 'loading'
      : !active
        ? 'inactive'
        : null;

  useEffect(() => focusRef?.(() => input.current?.focus()), [focusRef]);
  // The input takes focus as it appears (the assistant and any stored conversation loaded).
  useEffect(() => {
    if (notice === null) input.current?.focus();
  }, [notice]);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
    // An answer just whole: announced as shown, its sources and handoff card too.
    const last = lines.at(-1);
    if (!announce.current || last?.role !== 'assistant' || last.pending) return;
    announce.current = false;
    const shown = list.current?.lastElementChild?.children ?? [];
    setAnnouncement([...shown].map((part) => part.textContent).join(' '));
  }, [lines]);

  /** Sends a question; on failure its text goes back into the input, with a retry button. */
  const send = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy) return;
    const question: Line = { key: `q${nextKey++}`, role: 'user', text, sources: [], handoff: null };
    const answerKey = `a${nextKey++}`;
    const edit = (change: (line: Line) => Line) =>
      setAsked((current) => current?.map((line) => (line.key === answerKey ? change(line) : line)) ?? null);
    // A person answers: no answer of the assistant's is awaited.
    const assistantAnswers = personRef.current === 'assistant';
    setAsked([
      ...lines,
      question,
      ...(assistantAnswers
        ? [
            {
              key: answerKey,
              role: 'assistant' as const,
              text: '',
              sources: [],
              handoff: null,
              pending: true,
            },
          ]
        : []),
    ]);
    setDraft('');
    setFailure(null);
    setBusy(true);
    announce.current = assistantAnswers;
    if (assistantAnswers) setAnnouncement(t`Writing…`);
    const onEvent = (event: ChatEvent) => {
      if (event.event === 'token') edit((line) => ({ ...line, text: line.text + event.data.text }));
      else if (event.event === 'sources') edit((line) => ({ ...line, sources: event.data.sources }));
      else if (event.event === 'handoff') edit((line) => ({ ...line, handoff: event.data }));
      else if (event.event === 'done') {
        const { message_id: answered, status } = event.data;
        if (answered !== undefined) edit((line) => ({ ...line, pending: false, id: answered }));
        else {
          // A person took the conversation meanwhile: the assistant said nothing.
          announce.current = false;
          setAsked((current) => current?.filter((line) => line.key !== answerKey) ?? null);
          if (status) becomes(status);
        }
      }
    };
    try {
      await ask(text, onEvent);
    } catch (thrown) {
      announce.current = false;
      setAnnouncement('');
      setAsked(
        (current) => current?.filter((line) => line.key !== question.key && line.key !== answerKey) ?? null,
      );
      setDraft(text);
      // The server's refusals (limits, an inactive link) come translated; a lost connection is ours to say.
      setFailure(
        isApiRequestError(thrown) && thrown.kind === 'http' && thrown.message
          ? thrown.message
          : t`The message could not be sent. Check your connection and try again.`,
      );
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const page = layout === 'page';
  const color = assistant?.snippet.color;
  const style = color
    ? ({ '--cv-accent': color, '--cv-on-accent': textOn(color) } as CSSProperties)
    : undefined;
  const suggested = {
    questions: assistant?.suggested_questions ?? [],
    onAsk: (question: string) => void send(question),
    disabled: busy,
  };
  // Without a greeting of its own, the conversation opens with a welcome in the institution's name.
  const institution = assistant?.institution_name;
  const welcome = institution ? t`Welcome to ${institution}` : '';
  const conversation =
    notice || !assistant ? (
      <ChatNotice kind={notice ?? 'loading'} />
    ) : (
      <>
        {page && lines.length === 0 ? (
          <Welcome
            greeting={assistant.snippet.greeting}
            institution={assistant.institution_name}
            {...suggested}
          />
        ) : (
          <MessageList
            lines={lines}
            greeting={assistant.snippet.greeting || welcome}
            listRef={list}
            onPerson={assistant.live_chat && person === 'assistant' ? onPerson : undefined}
          />
        )}
        {following && typing ? <p className="cv-typing">{t`${typing} is typing…`}</p> : null}
        {!page && lines.length === 0 ? <SuggestedQuestions {...suggested} /> : null}
        {forgetting && storedId ? (
          <Suspense fallback={null}>
            <ForgetConversation
              conversationId={storedId}
              onDeleted={() => {
                setForgetting(false);
                setAsked([]);
                becomes('assistant');
                input.current?.focus();
              }}
              onCancel={() => setForgetting(false)}
            />
          </Suspense>
        ) : lines.length > 0 && storedId ? (
          <p className="cv-forget">
            <button type="button" onClick={() => setForgetting(true)}>{t`Delete this conversation`}</button>
          </p>
        ) : null}
        <Composer
          value={draft}
          onChange={setDraft}
          onSend={() => void send(draft)}
          busy={busy}
          failure={failure}
          inputRef={input}
        />
      </>
    );
  const status = (
    <p className="cv-sr" role="status">
      {announcement}
    </p>
  );
  const classes = ['cv-chat', page ? 'cv-page' : '', theme ? `cv-${theme}` : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} style={style}>
      <ChatHeader name={assistant?.name ?? ''} logo={assistant?.logo ?? null} onClose={onClose} />
      {page ? (
        <>
          <main className="cv-main">
            {status}
            {conversation}
          </main>
          <ChatFooter />
        </>
      ) : (
        <>
          {status}
          {conversation}
        </>
      )}
    </div>
  );
}
