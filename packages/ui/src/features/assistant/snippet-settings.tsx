/**
 * The embedded chat's settings (the `snippet` of `PUT institution-product/{id}`): the websites
 * allowed to show it, the launcher's colour and side, and the greeting. Saving says 'Snippet was
 * successfully updated.' (SPEC §8); the server's issues land under their fields.
 */
import {
  MAX_ALLOWED_ORIGINS,
  SNIPPET_POSITIONS,
  type Snippet,
  type SnippetPosition,
} from '@conversa/contract/assistant';
import { ValidationCode } from '@conversa/contract/codes';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { formErrors } from '../../forms/field-errors';
import { Actions, Form, FormAlert } from '../../forms/form-layout';
import { validationMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { Input } from '../../primitives/control';
import { ErrorText, Hint } from '../../primitives/field';
import { SubTitle } from './parts';
import { Choices, ColourRow, HEX, isOrigin, Legend, Preview, Row, Rows, Section } from './snippet-parts';

/** The form's state: the snippet as the screen edits it. */
interface Values {
  origins: string[];
  color: string;
  position: SnippetPosition;
  greeting: string;
}

const valuesOf = (snippet: Snippet): Values => ({
  origins: [...snippet.allowed_origins],
  color: snippet.color,
  position: snippet.position,
  greeting: snippet.greeting,
});

const originPath = (index: number) => `snippet.allowed_origins.${index}`;

export interface SnippetSettingsProps {
  productId: number;
  snippet: Snippet;
  /** Members who may not train the assistant only read. */
  editable: boolean;
}

/** The settings form; its heading and intro come from the screen around it. */
export function SnippetSettings({ productId, snippet, editable }: SnippetSettingsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const update = useUpdateAssistant(productId);
  const [values, setValues] = useState<Values>(() => valuesOf(snippet));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [colourText, setColourText] = useState(snippet.color);
  const previousCount = useRef(values.origins.length);
  const locked = !editable || update.isMutating;

  // A new website's field takes the focus.
  useEffect(() => {
    if (values.origins.length > previousCount.current) {
      document.getElementById(`${id}-origin-${values.origins.length - 1}`)?.focus();
    }
    previousCount.current = values.origins.length;
  }, [values.origins.length, id]);

  const change = (next: Partial<Values>, clear: string[]) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const left = { ...current };
      for (const path of clear) delete left[path];
      return left;
    });
  };

  const setOrigin = (index: number, value: string) =>
    change({ origins: values.origins.map((old, i) => (i === index ? value : old)) }, [originPath(index)]);

  // Row errors follow the rows: removing one renumbers the ones below it.
  const removeOrigin = (index: number) => {
    setValues((current) => ({ ...current, origins: current.origins.filter((_, i) => i !== index) }));
    setErrors((current) => {
      const next: Record<string, string | undefined> = {};
      for (const [path, message] of Object.entries(current)) {
        const row = /^snippet\.allowed_origins\.(\d+)$/.exec(path);
        if (!row) next[path] = message;
        else if (Number(row[1]) < index) next[path] = message;
        else if (Number(row[1]) > index) next[originPath(Number(row[1]) - 1)] = message;
      }
      return next;
    });
  };

  const setColour = (text: string) => {
    setColourText(text);
    const hex = text.trim().startsWith('#') ? text.trim() : `#${text.trim()}`;
    change({ color: HEX.test(hex) ? hex.toLowerCase() : text }, ['snippet.color']);
  };

  const check = (origins: string[]): Record<string, string> => {
    const found: Record<string, string> = {};
    origins.forEach((origin, index) => {
      if (!isOrigin(origin)) {
        found[originPath(index)] = validationMessage(
          ValidationCode.invalidUrl,
          { host: 'https://www.example.com' },
          i18n,
        );
      }
    });
    if (!HEX.test(values.color))
      found['snippet.color'] = validationMessage(ValidationCode.invalidValue, {}, i18n);
    return found;
  };

  const submit = async () => {
    // Blank rows are left out; the rows shown are then the ones sent, so issue indexes match.
    const origins = values.origins.map((origin) => origin.trim()).filter((origin) => origin !== '');
    setValues((current) => ({ ...current, origins }));
    const found = check(origins);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await update.trigger({
        snippet: {
          allowed_origins: origins,
          color: values.color,
          position: values.position,
          greeting: values.greeting,
        },
      });
      setValues(valuesOf(saved.snippet));
      setColourText(saved.snippet.color);
      notifySuccess(successNotices.snippetUpdated);
    } catch (error) {
      const paths = [
        'snippet.color',
        'snippet.position',
        'snippet.greeting',
        ...origins.map((_, i) => originPath(i)),
      ];
      const shown = formErrors(error, paths, i18n);
      setErrors(shown.fields);
      setFormError(shown.form);
    }
  };

  const full = values.origins.length >= MAX_ALLOWED_ORIGINS;
  return (
    <Form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SubTitle id={`${id}-title`}>{t`Chat on your website`}</SubTitle>
      {formError ? <FormAlert>{formError}</FormAlert> : null}

      <Section aria-describedby={`${id}-origins-hint`}>
        <Legend>{t`Allowed websites`}</Legend>
        <Hint id={`${id}-origins-hint`}>
          {t`The websites that may show the chat, as https://www.example.com (no path). With none listed, any website may.`}
        </Hint>
        {values.origins.length > 0 ? (
          <Rows>
            {values.origins.map((origin, index) => (
              <Row key={index}>
                <TextField
                  id={`${id}-origin-${index}`}
                  label={t`Website ${index + 1}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://www.example.com"
                  value={origin}
                  disabled={locked}
                  error={errors[originPath(index)]}
                  onChange={(value) => setOrigin(index, value)}
                />
                <Button
                  variant="ghost"
                  disabled={locked}
                  aria-label={t`Remove website ${index + 1}`}
                  onClick={() => removeOrigin(index)}
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
            onClick={() => change({ origins: [...values.origins, ''] }, [])}
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
            value={HEX.test(values.color) ? values.color : '#000000'}
            disabled={locked}
            onChange={(event) => setColour(event.target.value)}
          />
          <Input
            type="text"
            aria-label={t`Launcher colour (hex)`}
            aria-invalid={errors['snippet.color'] ? true : undefined}
            aria-describedby={errors['snippet.color'] ? `${id}-color-error` : undefined}
            spellCheck={false}
            maxLength={7}
            value={colourText}
            disabled={locked}
            onChange={(event) => setColour(event.target.value)}
          />
        </ColourRow>
        {errors['snippet.color'] ? (
          <ErrorText id={`${id}-color-error`}>{errors['snippet.color']}</ErrorText>
        ) : null}
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
                onChange={() => change({ position }, ['snippet.position'])}
              />
              {position === 'left' ? t`Bottom left` : t`Bottom right`}
            </label>
          ))}
        </Choices>
        {errors['snippet.position'] ? <ErrorText>{errors['snippet.position']}</ErrorText> : null}
        <Preview $position={values.position} role="img" aria-label={t`Preview of the launcher on a page`}>
          <span style={{ background: HEX.test(values.color) ? values.color : 'transparent' }} />
        </Preview>
      </Section>

      <TextField
        label={t`Greeting`}
        hint={t`The first message visitors see when they open the chat. Optional.`}
        value={values.greeting}
        maxLength={200}
        disabled={locked}
        error={errors['snippet.greeting']}
        onChange={(greeting) => change({ greeting }, ['snippet.greeting'])}
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
