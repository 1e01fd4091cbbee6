/**
 * The editor of a correction (issue 35): the assistant's answer prefilled, the passages it used
 * named; Save hands the corrected answer out, Cancel closes. Presentational: the caller saves.
 */
import { FAQ_ANSWER_MAX_LENGTH } from '@conversa/contract/assistant';
import type { Source } from '@conversa/contract/chat';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Actions, FormAlert } from '../../forms/form-layout';

export interface CorrectionEditorProps {
  /** The assistant's answer, the editor's first text. */
  answer: string;
  /** The passages the answer was made from. */
  sources: readonly Source[];
  saving?: boolean;
  /** Why the last save failed, translated. */
  error?: string | null;
  onSave: (answer: string) => void;
  onCancel: () => void;
}

/** A corrected answer's field with Save and Cancel. */
export function CorrectionEditor({
  answer,
  sources,
  saving = false,
  error,
  onSave,
  onCancel,
}: CorrectionEditorProps) {
  const { t } = useLingui();
  const [text, setText] = useState(answer);
  const used = [...new Set(sources.map((source) => source.title ?? t`Knowledge base`))];
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={t`Corrected answer`}
        multiline
        rows={5}
        maxLength={FAQ_ANSWER_MAX_LENGTH}
        value={text}
        onChange={setText}
        hint={used.length ? t`Passages it used: ${used.join(', ')}` : t`It used no passage.`}
      />
      <Actions>
        <Button onClick={() => onSave(text)} disabled={saving || !text.trim()}>
          {t`Save correction`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t`Cancel`}
        </Button>
      </Actions>
    </>
  );
}
