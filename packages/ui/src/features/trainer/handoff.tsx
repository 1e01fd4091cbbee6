/**
 * Trainer › Handoff Details (`/pre-sales/trainer/handoff/{id}`): who a visitor is handed to when
 * the assistant cannot help: name, e-mail, phone, hours and a message. Saved with
 * `PUT institution-product/{id}` `{handoff}`: 'Update successfully.'; the server's issues show under
 * their fields.
 */
import type { Handoff, InstitutionProductDetail } from '@conversa/contract/assistant';
import { can } from '@conversa/contract/roles';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { PhoneField } from '../../components/phone-field/phone-field';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { email } from '../../forms/checks';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { SectionTitle, TrainerLayout } from './trainer-layout';

/** Form values keyed by the server's issue paths, so its messages land under their fields. */
interface HandoffValues extends Record<string, string> {
  'handoff.name': string;
  'handoff.email': string;
  'handoff.phone': string;
  'handoff.hours': string;
  'handoff.message': string;
}

const FIELDS = ['name', 'email', 'phone', 'hours', 'message'] as const;

function handoffValues(handoff: Handoff | null): HandoffValues {
  return Object.fromEntries(
    FIELDS.map((field) => [`handoff.${field}`, handoff?.[field] ?? '']),
  ) as HandoffValues;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export interface HandoffPageProps {
  productId: number;
  onNavigate: (path: string) => void;
}

/** The handoff form of one assistant; members without `trainer.manage` only read it. */
export function HandoffPage({ productId, onNavigate }: HandoffPageProps) {
  const session = useSession();
  const editable = can(session.roles, 'trainer.manage');
  return (
    <TrainerLayout productId={productId} tab="handoff" onNavigate={onNavigate}>
      {(assistant) => <HandoffForm key={assistant.id} assistant={assistant} editable={editable} />}
    </TrainerLayout>
  );
}

function HandoffForm({ assistant, editable }: { assistant: InstitutionProductDetail; editable: boolean }) {
  const { t } = useLingui();
  const form = useForm<HandoffValues>(handoffValues(assistant.handoff));
  const update = useUpdateAssistant(assistant.id);
  const v = form.values;

  const submit = async () => {
    // The e-mail is optional; when given it must be one.
    const valid = form.validate({
      'handoff.email': (value) => (value.trim() === '' ? null : email(value)),
    });
    if (!valid) return;
    try {
      const saved = await update.trigger({
        handoff: {
          name: blankToNull(v['handoff.name']),
          email: blankToNull(v['handoff.email']),
          phone: blankToNull(v['handoff.phone']),
          hours: blankToNull(v['handoff.hours']),
          message: blankToNull(v['handoff.message']),
        },
      });
      form.setValues(handoffValues(saved.handoff));
      notifySuccess(successNotices.updated);
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <Card as="section" aria-labelledby="handoff-title">
      <SectionTitle id="handoff-title">{t`Handoff Details`}</SectionTitle>
      <Intro>
        {t`When the assistant cannot help, it offers these contact details so a person from your team can take over.`}
      </Intro>
      <SubmitForm onSubmit={submit} error={form.formError}>
        <FieldGrid>
          <TextField
            label={t`Contact name`}
            name="name"
            autoComplete="name"
            value={v['handoff.name']}
            onChange={(value) => form.set('handoff.name', value)}
            error={form.errors['handoff.name']}
            maxLength={200}
            disabled={!editable}
          />
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            value={v['handoff.email']}
            onChange={(value) => form.set('handoff.email', value)}
            error={form.errors['handoff.email']}
            maxLength={254}
            disabled={!editable}
          />
          <PhoneField
            label={t`Phone number`}
            name="phone"
            value={v['handoff.phone']}
            onChange={(value) => form.set('handoff.phone', value)}
            error={form.errors['handoff.phone']}
            disabled={!editable}
          />
          <TextField
            label={t`Opening hours`}
            name="hours"
            placeholder={t`Mon–Fri, 9:00–17:00`}
            value={v['handoff.hours']}
            onChange={(value) => form.set('handoff.hours', value)}
            error={form.errors['handoff.hours']}
            maxLength={200}
            disabled={!editable}
          />
        </FieldGrid>
        <TextField
          label={t`Message`}
          name="message"
          multiline
          rows={3}
          hint={t`What the assistant says when it hands over, e.g. "An advisor will get back to you within a day."`}
          value={v['handoff.message']}
          onChange={(value) => form.set('handoff.message', value)}
          error={form.errors['handoff.message']}
          maxLength={1000}
          disabled={!editable}
        />
        {editable ? (
          <Actions>
            <Button type="submit" waiting={update.isMutating}>
              {t`Save handoff details`}
            </Button>
          </Actions>
        ) : null}
      </SubmitForm>
    </Card>
  );
}
