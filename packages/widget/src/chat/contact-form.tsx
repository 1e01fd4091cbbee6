/**
 * The form a visitor fills in to be contacted by a person (docs/architecture.md#conversations):
 * name, e-mail or phone, a message and consent. Its own chunk, loaded only when the visitor asks for
 * it, so the chat's first load stays small. The server checks everything (the phone with the
 * institution's country) and answers each field's error in the visitor's language.
 */
import type { Contact } from '@conversa/contract/conversation';
import { LEGAL_PATHS } from '@conversa/contract/legal';
import { storedGuest } from '@conversa/data/chat/guest-conversation';
import { leaveContact } from '@conversa/data/conversations/leave-contact';
import { isApiRequestError } from '@conversa/data/errors';
import { useDataClient } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';

type Field = 'name' | 'email' | 'phone' | 'message' | 'consent';

/** Props of `ContactForm`. */
export interface ContactFormProps {
  /** Called with the stored contact once the server has it. */
  onSent: (contact: Contact) => void;
}

/** The contact form of the conversation the visitor is in. */
export default function ContactForm({ onSent }: ContactFormProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const guest = storedGuest(client);
    if (!guest || busy) return;
    const { elements } = event.currentTarget;
    const input = (name: Field) => elements.namedItem(name) as HTMLInputElement | null;
    const text = (name: Field) => input(name)?.value ?? '';
    setBusy(true);
    setFailure(null);
    try {
      const contact = await leaveContact(client, guest.conversationId, {
        name: text('name'),
        email: text('email'),
        phone: text('phone'),
        message: text('message'),
        consent: input('consent')?.checked === true,
      });
      onSent(contact);
    } catch (error) {
      const issues = isApiRequestError(error) ? error.issues : [];
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
      if (issues.length === 0) setFailure(isApiRequestError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, type = 'text', autoComplete?: string) => (
    <label className="cv-field">
      <span>{label}</span>
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}` : undefined}
      />
      {errors[name] ? <small id={`${id}-${name}`}>{errors[name]}</small> : null}
    </label>
  );

  return (
    <form
      className="cv-contact"
      onSubmit={(event) => void submit(event)}
      aria-label={t`Your contact details`}
    >
      {field('name', t`Name`, 'text', 'name')}
      {field('email', t`Email`, 'email', 'email')}
      {field('phone', t`Phone`, 'tel', 'tel')}
      <label className="cv-field">
        <span>{t`Message (optional)`}</span>
        <textarea name="message" rows={2} />
      </label>
      <label className="cv-consent">
        <input
          name="consent"
          type="checkbox"
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${id}-consent` : undefined}
        />
        <span>
          {t`I agree to be contacted about my question with these details.`}{' '}
          <a href={LEGAL_PATHS.privacy} target="_blank" rel="noopener">
            {t`Privacy policy`}
          </a>
        </span>
      </label>
      {errors.consent ? <small id={`${id}-consent`}>{errors.consent}</small> : null}
      {failure ? <p role="alert">{failure}</p> : null}
      <button type="submit" disabled={busy}>
        {busy ? t`Sending…` : t`Send`}
      </button>
    </form>
  );
}
