/**
 * The embedded chat's settings (the `snippet` of `PUT institution-product/{id}`): the websites
 * allowed to show it, the launcher's colour and side, and the greeting. Saving says 'Snippet was
 * successfully updated.' (docs/product.md#errors-and-messages); the server's issues land under their fields.
 */
import {
  MAX_ALLOWED_ORIGINS,
  HEX_COLOR,
  OriginSchema,
  SNIPPET_POSITIONS,
  type Snippet,
  type SnippetPosition,
} from '@conversa/contract/assistant';
import { ValidationCode } from '@conversa/contract/codes';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, useFieldArray } from 'react-hook-form';
import * as v from 'valibot';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Form, FormAlert } from '../../forms/form-layout';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { Input } from '../../primitives/control';
import { ErrorText, Hint } from '../../primitives/field';
import { SubTitle } from './parts';
import { Choices, ColourRow, Legend, Preview, Row, Rows, Section } from './snippet-parts';

/** The form's state: the snippet as the screen edits it (rows are objects, so each keeps its identity). */
interface Values {
  origins: { url: string }[];
  color: string;
  position: SnippetPosition;
  greeting: string;
}

/** What the form checks before saving: each website a bare origin (the contract's rule), a hex colour. */
const SnippetFormSchema = v.object({
  origins: v.array(v.object({ url: OriginSchema })),
  color: v.pipe(v.string(), v.regex(HEX_COLOR, ValidationCode.invalidValue)),
  position: v.picklist(SNIPPET_POSITIONS, ValidationCode.invalidValue),
  greeting: v.string(),
});

const valuesOf = (snippet: Snippet): Values => ({
  origins: snippet.allowed_origins.map((url) => ({ url })),
  color: snippet.color,
  position: snippet.position,
  greeting: snippet.greeting,
});

/** The form's field for a server issue's path (`snippet.allowed_origins.2` is website 3). */
function fieldOf(path: string): FieldPath<Values> | null {
  const origin = /^snippet\.allowed_origins\.(\d+)$/.exec(path);
  if (origin) return `origins.${Number(origin[1])}.url`;
  const field = /^snippet\.(color|position|greeting)$/.exec(path);
  return field ? (field[1] as 'color' | 'position' | 'greeting') : null;
}

export interface SnippetSettingsProps {
  assistantId: number;
  snippet: Snippet;
  /** Members who may not train the assistant only read. */
  editable: boolean;
}

/** The settings form; its heading and intro come from the screen around it. */
export function SnippetSettings({ assistantId, snippet, editable }: SnippetSettingsProps) {
  const { t } = useLingui();
  const id = useId();
  const update = useUpdateAssistant(assistantId);
  const form = useForm(SnippetFormSchema, valuesOf(snippet), {
    params: { [ValidationCode.invalidUrl]: { host: 'https://www.example.com' } },
    fieldOf,
  });
  const origins = useFieldArray({ control: form.control, name: 'origins' });
  const values = form.watch();
  const errors = form.errors;
  const [colourText, setColourText] = useState(snippet.color);
  const previousCount = useRef(origins.fields.length);
  const locked = !editable || update.isMutating;
  // The hex box shows what was typed; the form holds the colour. Only its focus is the form's.
  const colourRef = useCallback(
    (element: HTMLInputElement | null) =>
      form.register('color').ref(element ? { focus: () => element.focus() } : null),
    [],
  );

  // A new website's field takes the focus.
  useEffect(() => {
    if (origins.fields.length > previousCount.current) {
      document.getElementById(`${id}-origin-${origins.fields.length - 1}`)?.focus();
    }
    previousCount.current = origins.fields.length;
  }, [origins.fields.length, id]);

  const setColour = (text: string) => {
    setColourText(text);
    const hex = text.trim().startsWith('#') ? text.trim() : `#${text.trim()}`;
    form.set('color', HEX_COLOR.test(hex) ? hex.toLowerCase() : text);
  };

  const save = form.submit(async (checked) => {
    try {
      const saved = await update.trigger({
        snippet: {
          allowed_origins: checked.origins.map((origin) => origin.url),
          color: checked.color,
          position: checked.position,
          greeting: checked.greeting,
        },
      });
      form.reset(valuesOf(saved.snippet));
      setColourText(saved.snippet.color);
      notifySuccess(successNotices.snippetUpdated);
    } catch (error) {
      form.fail(error);
    }
  });

  const submit = () => {
    // Blank rows are left out; the rows shown are then the ones sent, so issue indexes match. The
    // other rows are edited in place (not replaced): their inputs, and the focus in them, stay.
    const current = form.getValues('origins');
    const blank: number[] = [];
    current.forEach((origin, index) => {
      const url = origin.url.trim();
      if (url === '') blank.push(index);
      else if (url !== origin.url) form.setValue(`origins.${index}.url`, url);
    });
    if (blank.length > 0) origins.remove(blank);
    return save();
  };

  const full = origins.fields.length >= MAX_ALLOWED_ORIGINS;
  return (
    <Form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SubTitle id={`${id}-title`}>{t`Chat on your website`}</SubTitle>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}

      <Section aria-describedby={`${id}-origins-hint`}>
        <Legend>{t`Allowed websites`}</Legend>
        <Hint id={`${id}-origins-hint`}>
          {t`The websites that may show the chat, as https://www.example.com (no path). With none listed, any website may.`}
        </Hint>
        {origins.fields.length > 0 ? (
          <Rows>
            {origins.fields.map((origin, index) => (
              <Row key={origin.id}>
                <TextField
                  id={`${id}-origin-${index}`}
                  label={t`Website ${index + 1}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://www.example.com"
                  {...form.bind(`origins.${index}.url`)}
                  disabled={locked}
                />
                <Button
                  variant="ghost"
                  disabled={locked}
                  aria-label={t`Remove website ${index + 1}`}
                  onClick={() => origins.remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </Row>
            ))}
          </Rows>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={locked || full}
            onClick={() => origins.append({ url: '' }, { shouldFocus: false })}
          >
            {t`Add a website`}
          </Button>
        </div>
        {full ? <Hint>{t`That is the most: up to ${MAX_ALLOWED_ORIGINS} websites.`}</Hint> : null}
      </Section>

      <Section>
        <Legend>{t`Launcher colour`}</Legend>
        <ColourRow>
          <input
            type="color"
            aria-label={t`Pick the launcher colour`}
            value={HEX_COLOR.test(values.color) ? values.color : '#000000'}
            disabled={locked}
            onChange={(event) => setColour(event.target.value)}
          />
          <Input
            ref={colourRef}
            type="text"
            aria-label={t`Launcher colour (hex)`}
            aria-invalid={errors.color ? true : undefined}
            aria-describedby={errors.color ? `${id}-color-error` : undefined}
            spellCheck={false}
            maxLength={7}
            value={colourText}
            disabled={locked}
            onChange={(event) => setColour(event.target.value)}
          />
        </ColourRow>
        {errors.color ? <ErrorText id={`${id}-color-error`}>{errors.color}</ErrorText> : null}
      </Section>

      <Section>
        <Legend>{t`Launcher position`}</Legend>
        <Choices>
          {SNIPPET_POSITIONS.map((position) => (
            <label key={position}>
              <input
                type="radio"
                name={`${id}-position`}
                value={position}
                checked={values.position === position}
                disabled={locked}
                onChange={() => form.set('position', position)}
              />
              {position === 'left' ? t`Bottom left` : t`Bottom right`}
            </label>
          ))}
        </Choices>
        {errors.position ? <ErrorText>{errors.position}</ErrorText> : null}
        <Preview $position={values.position} role="img" aria-label={t`Preview of the launcher on a page`}>
          <span style={{ background: HEX_COLOR.test(values.color) ? values.color : 'transparent' }} />
        </Preview>
      </Section>

      <TextField
        label={t`Greeting`}
        hint={t`The first message visitors see when they open the chat. Optional.`}
        {...form.bind('greeting')}
        maxLength={200}
        disabled={locked}
      />

      {editable ? (
        <Actions>
          <Button type="submit" waiting={update.isMutating}>
            {t`Save snippet settings`}
          </Button>
        </Actions>
      ) : null}
    </Form>
  );
}
