/**
 * Setup step 'name': the first time it creates the assistant (`POST institution-product`, then
 * 'Name was successfully created.'); coming back to it later renames the assistant.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { useCreateAssistant } from '@conversa/data/assistants/create-assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useLingui } from '@lingui/react/macro';
import { sectionOf } from '../../../components/sidebar/paths';
import { TextField } from '../../../components/text-field/text-field';
import { notifySuccess } from '../../../components/toaster/toaster';
import { AssistantNameFormSchema } from '../../../forms/assistant-schemas';
import { useForm } from '../../../forms/use-form';
import { successNotices } from '../../../i18n/notices';
import { StepForm } from './step-form';

export interface NameStepProps {
  type: AssistantType;
  /** The assistant once created (the step then renames it). */
  assistant: AssistantDetail | null;
  /** A suggestion for the first name. */
  suggestion: string;
  onSaved: (assistant: AssistantDetail, created: boolean) => void;
  onBack?: () => void;
  onBusy: (busy: boolean) => void;
}

/** The assistant's name: required, up to 200 characters; server issues show under the field. */
export function NameStep({ type, assistant, suggestion, onSaved, onBack, onBusy }: NameStepProps) {
  const { t } = useLingui();
  const form = useForm(AssistantNameFormSchema, { name: assistant?.product.name ?? suggestion });
  const create = useCreateAssistant();
  // Its key needs an id; before the creation no rename can happen, so 0 is never sent.
  const rename = useUpdateAssistant(assistant?.id ?? 0);
  const waiting = create.isMutating || rename.isMutating;

  const submit = form.submit(async (values) => {
    const name = values.name.trim();
    if (assistant && name === assistant.product.name) {
      onSaved(assistant, false);
      return;
    }
    let saved: AssistantDetail;
    onBusy(true);
    try {
      saved = assistant ? await rename.trigger({ name }) : await create.trigger({ type, name });
    } catch (error) {
      form.fail(error);
      return;
    } finally {
      // Unlocked before moving on: a locked wizard ignores moves.
      onBusy(false);
    }
    if (!assistant) notifySuccess(successNotices.nameCreated);
    onSaved(saved, !assistant);
  });

  return (
    <StepForm
      onSubmit={() => void submit()}
      submitLabel={assistant ? t`Next` : t`Create the assistant`}
      onBack={onBack}
      waiting={waiting}
      error={form.formError}
    >
      <TextField
        label={t`Assistant name`}
        hint={
          sectionOf(type) === 'sales-support'
            ? t`Your team sees this name in the console. You can change it later.`
            : t`Visitors see this name in the chat. You can change it later.`
        }
        {...form.bind('name')}
        maxLength={200}
        required
        autoFocus
      />
    </StepForm>
  );
}
