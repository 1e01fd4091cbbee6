/**
 * The conversation: the greeting, then each question and answer; an answer streaming in is
 * `aria-busy` until it is whole. Answers render as the safe Markdown subset, with their sources and,
 * when the assistant offers a person, the handoff card. Questions are plain text. The list is not a
 * live region (it would read a streamed answer piece by piece): the chat announces each whole answer.
 */
import type { Handoff } from '@conversa/contract/assistant';
import type { ChatMessage, Rating, Source } from '@conversa/contract/chat';
import { useLingui } from '@lingui/react/macro';
import { Fragment, lazy, type Ref, Suspense, useState } from 'react';
import { Markdown } from './markdown';

/**
 * One message on screen; `pending` while its answer streams. A `note` is the chat's own line (a
 * person joined, the assistant is back); `form` offers the contact form under it.
 */
export interface Line {
  key: string;
  role: ChatMessage['role'] | 'note';
  text: string;
  sources: Source[];
  handoff: Handoff | null;
  pending?: boolean;
  /** A person's name, on their (`agent`) messages. */
  agent_name?: string | null;
  form?: boolean;
  /** The stored message's id (an answer is rated by it) and the visitor's rating of it. */
  id?: number;
  rating?: Rating | null;
}

/** A stored message as a line. */
export const lineOf = (message: ChatMessage): Line => ({ key: `m${message.id}`, ...message });

/** A note of the chat's own. */
export const noteOf = (key: string, text: string, form = false): Line => ({
  key,
  role: 'note',
  text,
  sources: [],
  handoff: null,
  form,
});

/** Props of `MessageList`. */
export interface MessageListProps {
  lines: readonly Line[];
  /** The snippet's greeting, first in the list; none when empty. */
  greeting?: string;
  listRef?: Ref<HTMLOListElement>;
  /** Live chat is on: the handoff card offers a person now; resolves true when one may answer. */
  onPerson?: () => Promise<boolean>;
}

/** The list of messages. */
export function MessageList({ lines, greeting, listRef, onPerson }: MessageListProps) {
  const { t } = useLingui();
  return (
    <ol className="cv-messages" ref={listRef} aria-label={t`Conversation`}>
      {greeting ? (
        <li className="cv-msg cv-assistant">
          <Markdown text={greeting} />
        </li>
      ) : null}
      {lines.map((line) => (
        <Message key={line.key} line={line} onPerson={onPerson} />
      ))}
    </ol>
  );
}

/** One question or answer, a person's message, or a note of the chat's. */
export function Message({ line, onPerson }: { line: Line; onPerson?: () => Promise<boolean> }) {
  const { t } = useLingui();
  if (line.role === 'note')
    return (
      <li className="cv-live">
        {line.text}
        {line.form ? <ContactOffer /> : null}
      </li>
    );
  return (
    <li className={`cv-msg cv-${line.role}`} aria-busy={line.pending ? true : undefined}>
      {line.role === 'user' ? (
        <>
          <span className="cv-sr">{t`You`}: </span>
          {line.text}
        </>
      ) : line.role === 'agent' ? (
        <>
          <span className="cv-who">{line.agent_name ?? t`A person`}</span>
          {line.text}
        </>
      ) : (
        <Markdown text={line.text} />
      )}
      {line.pending && !line.text ? <span className="cv-dots">{t`Writing…`}</span> : null}
      {line.sources.length ? <Sources sources={line.sources} /> : null}
      {line.handoff ? <HandoffCard handoff={line.handoff} onPerson={onPerson} /> : null}
      {line.role === 'assistant' && line.id !== undefined && !line.pending ? (
        <Suspense fallback={null}>
          <Feedback messageId={line.id} rating={line.rating ?? null} />
        </Suspense>
      ) : null}
    </li>
  );
}

/** The sources of an answer, each named once; a website page links to itself (in a new tab). */
export function Sources({ sources }: { sources: readonly Source[] }) {
  const { t } = useLingui();
  const named = new Map<string, string | undefined>();
  for (const source of sources) {
    const name = source.title ?? t`Knowledge base`;
    if (!named.has(name))
      named.set(name, source.url && /^https?:\/\//.test(source.url) ? source.url : undefined);
  }
  return (
    <p className="cv-sources">
      {t`Sources:`}{' '}
      {[...named].map(([name, url], index) => (
        <Fragment key={name}>
          {index ? ', ' : ''}
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {name}
            </a>
          ) : (
            name
          )}
        </Fragment>
      ))}
    </p>
  );
}

/** The thumbs pair, its own chunk: fetched with the first whole answer. */
const Feedback = lazy(() => import('./feedback'));

/** The contact form, its own chunk: fetched when a visitor asks for it. */
const ContactForm = lazy(() => import('./contact-form'));

/**
 * The person a visitor may turn to, with whatever ways to reach them the institution gave, and a
 * form to leave one's own details instead.
 */
export function HandoffCard({ handoff, onPerson }: { handoff: Handoff; onPerson?: () => Promise<boolean> }) {
  const { t } = useLingui();
  const hours = handoff.hours;
  const [form, setForm] = useState<'closed' | 'open' | 'sent'>('closed');
  const [asking, setAsking] = useState<'idle' | 'busy' | 'asked'>('idle');
  const askPerson = async () => {
    setAsking('busy');
    const live = await onPerson!().catch(() => false);
    setAsking(live ? 'asked' : 'idle');
    // Nobody there now: the form instead.
    if (!live) setForm('open');
  };
  return (
    <div className="cv-handoff">
      <strong>{t`Talk to a person`}</strong>
      {onPerson && asking !== 'asked' && form === 'closed' ? (
        <button
          type="button"
          className="cv-person"
          disabled={asking === 'busy'}
          onClick={() => void askPerson()}
        >
          {t`Chat with a person now`}
        </button>
      ) : null}
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
      {hours ? <p>{t`Hours: ${hours}`}</p> : null}
      {form === 'closed' ? (
        <button type="button" className="cv-link" onClick={() => setForm('open')}>
          {t`Leave your details and we will contact you`}
        </button>
      ) : null}
      {form === 'open' ? (
        <Suspense fallback={<p className="cv-dots">{t`Loading…`}</p>}>
          <ContactForm onSent={() => setForm('sent')} />
        </Suspense>
      ) : null}
      {form === 'sent' ? <p role="status">{t`Thank you. A person will contact you soon.`}</p> : null}
    </div>
  );
}

/** The contact form behind a button, as the handoff card offers it. */
function ContactOffer() {
  const { t } = useLingui();
  const [form, setForm] = useState<'closed' | 'open' | 'sent'>('closed');
  if (form === 'sent') return <p role="status">{t`Thank you. A person will contact you soon.`}</p>;
  if (form === 'open')
    return (
      <Suspense fallback={<p className="cv-dots">{t`Loading…`}</p>}>
        <ContactForm onSent={() => setForm('sent')} />
      </Suspense>
    );
  return (
    <button type="button" className="cv-link" onClick={() => setForm('open')}>
      {t`Leave your details and we will contact you`}
    </button>
  );
}
