/**
 * "Share your assistant" (docs/product.md#screens-and-routes): the public chat link with copy ('Copied!') and open, the switch
 * that turns the link on and off (what visitors see when it is off), the embed snippet with copy,
 * and the embedded chat's settings. A sales-support assistant has no public chat: it offers none of them.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { can } from '@conversa/contract/roles';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { CopyField } from '../../components/copy-field/copy-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Card, TextLink } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { errorMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { AssistantState } from './assistant-state';
import { Note, SectionTitle, SubTitle } from './parts';
import { SnippetSettings } from './snippet-settings';
import { Toggle } from './toggle';

export interface ShareAssistantProps {
  /** The assistant's id. */
  assistantId: number;
}

/** The share card of one assistant; waiting, not-found and failure states included. */
export function ShareAssistant({ assistantId }: ShareAssistantProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`}>{t`Share your assistant`}</SectionTitle>
      <AssistantState assistantId={assistantId}>
        {(assistant) =>
          assistant.public_url === null || assistant.embed_snippet === null ? (
            <Note>{t`A sales support assistant answers your sellers on WhatsApp: it has no public chat to share.`}</Note>
          ) : (
            <Share
              assistant={{
                ...assistant,
                public_url: assistant.public_url,
                embed_snippet: assistant.embed_snippet,
              }}
            />
          )
        }
      </AssistantState>
    </Card>
  );
}

/** An assistant with a public chat: its link and snippet are there. */
type SharedAssistant = AssistantDetail & { public_url: string; embed_snippet: string };

function Share({ assistant }: { assistant: SharedAssistant }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const update = useUpdateAssistant(assistant.id);
  const failureText = useFailureText();
  const editable = can(session.roles, 'trainer.manage');
  const active = assistant.public_link_active;
  const copied = () => notifySuccess(successNotices.copied);

  const setActive = async (next: boolean) => {
    try {
      await update.trigger({ public_link_active: next });
      notifySuccess(successNotices.updated);
    } catch (error) {
      // A switch has no form to hold the message: a toast, and it stays as the server has it.
      notifyError(failureText(error));
    }
  };

  return (
    <>
      <SubTitle>{t`Public link`}</SubTitle>
      <CopyField
        label={t`Public chat link`}
        value={assistant.public_url}
        hint={t`Anyone with this link can chat with ${assistant.product.name}.`}
        onCopied={copied}
      />
      <div>
        <TextLink href={assistant.public_url} target="_blank" rel="noopener noreferrer">
          {t`Open the public chat`}
          <VisuallyHidden> {t`(opens in a new tab)`}</VisuallyHidden>
        </TextLink>
      </div>
      <Toggle
        label={t`Public link active`}
        checked={active}
        disabled={!editable}
        waiting={update.isMutating}
        onChange={(next) => void setActive(next)}
        description={
          active
            ? t`On: visitors can chat with the assistant. Turn it off to close the chat for now.`
            : t`Off: visitors see “${errorMessage('link_inactive', {}, i18n)}”.`
        }
      />

      <SubTitle>{t`Embed on your website`}</SubTitle>
      <CopyField
        label={t`Embed snippet`}
        multiline
        value={assistant.embed_snippet}
        hint={t`Paste it into your website's HTML, just before </body>. The chat opens from a button in a corner.`}
        onCopied={copied}
      />
      <SnippetSettings
        key={`${assistant.id}`}
        assistantId={assistant.id}
        snippet={assistant.snippet}
        editable={editable}
      />
      {editable ? null : <Note>{t`Only members who train the assistant can change these settings.`}</Note>}
    </>
  );
}
