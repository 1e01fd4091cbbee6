/**
 * Choose, drop or remove a logo, an assistant's or the institution's (docs/product.md#validation: a
 * transparent PNG under 2 MB; JPEG too), with a preview. The file is checked here by content and size before `onSelect`; the server checks again.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { validationMessage } from '../../i18n/codes';
import { DropZone, HiddenFileInput } from '../../primitives/drop-zone';
import { ErrorText, FieldWrapper, Hint, Label } from '../../primitives/field';
import { Button } from '../button/button';
import { Waiting } from '../waiting/waiting';
import { checkLogo, LOGO_ACCEPT, LOGO_MAX_MB, readPreview } from './logo-rules';

const Zone = styled(DropZone)`
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
`;

// A checkerboard behind the image shows whether the PNG is transparent.
const Frame = styled.div`
  display: grid;
  place-items: center;
  flex: none;
  width: 5rem;
  height: 5rem;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background-color: ${({ theme }) => theme.colors.surface};
  background-image: conic-gradient(
    ${({ theme }) => theme.colors.hover} 25%,
    transparent 0 50%,
    ${({ theme }) => theme.colors.hover} 0 75%,
    transparent 0
  );
  background-size: 1rem 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.5rem;
  font-weight: 700;
  img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Status = styled.div`
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

export interface LogoUploadProps {
  label: ReactNode;
  /** The logo now (its URL), or null when there is none. */
  value: string | null;
  /** A file that passed the checks: PNG or JPEG by content, under the size limit. */
  onSelect: (file: File) => void;
  /** Replaces the default hint. */
  hint?: ReactNode;
  /** An error from outside (the server's); the preview goes back to `value`. */
  error?: ReactNode;
  /** The chosen file is uploading. */
  waiting?: boolean;
  disabled?: boolean;
  /** What the empty frame shows, e.g. the assistant's initial. */
  placeholder?: string;
  /** Offers to remove the logo there is (a "Remove logo" button); without it, a logo can only be replaced. */
  onRemove?: () => void;
}

/** Keyboard: the button opens the picker; status changes are announced politely. */
export function LogoUpload({
  label,
  value,
  onSelect,
  hint,
  error,
  waiting = false,
  disabled = false,
  placeholder = '',
  onRemove,
}: LogoUploadProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const locked = disabled || waiting;

  // A new logo arrived, or the upload failed: the preview has done its job.
  useEffect(() => {
    setPreview(null);
  }, [value]);
  const failed = Boolean(error);
  useEffect(() => {
    if (failed) setPreview(null);
  }, [failed]);

  const choose = async (file: File | undefined) => {
    if (!file || locked) return;
    const refused = await checkLogo(file);
    if (refused) {
      setRejection(validationMessage(refused.code, refused.params, i18n));
      setPreview(null);
      return;
    }
    setRejection(null);
    try {
      setPreview({ url: await readPreview(file), name: file.name });
    } catch {
      setPreview(null);
    }
    onSelect(file);
  };

  const shownError = rejection ?? error ?? null;
  const shown = preview?.url ?? value;
  const describedBy = [`${id}-hint`, shownError ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <FieldWrapper>
      <Label id={`${id}-label`} as="span">
        {label}
      </Label>
      <Zone
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-busy={waiting || undefined}
        invalid={shownError !== null}
        locked={locked}
        onFiles={(files) => void choose(files[0])}
      >
        <Frame>
          {shown ? (
            <img src={shown} alt={preview ? t`Preview of ${preview.name}` : t`Current logo`} />
          ) : (
            <span aria-hidden="true">{placeholder.slice(0, 1).toLocaleUpperCase()}</span>
          )}
        </Frame>
        <Side>
          <Status aria-live="polite">
            {waiting ? (
              <Waiting label={t`Uploading the logo…`} showLabel size="small" />
            ) : preview ? (
              t`${preview.name} chosen.`
            ) : value ? (
              t`A logo is set.`
            ) : (
              t`No logo yet.`
            )}
          </Status>
          <Buttons>
            <Button variant="secondary" size="small" disabled={locked} onClick={() => input.current?.click()}>
              {value || preview ? t`Replace logo` : t`Choose image`}
            </Button>
            {onRemove && value && !preview ? (
              <Button variant="secondary" size="small" disabled={locked} onClick={onRemove}>
                {t`Remove logo`}
              </Button>
            ) : null}
          </Buttons>
        </Side>
        <HiddenFileInput
          ref={input}
          type="file"
          accept={LOGO_ACCEPT}
          disabled={locked}
          data-testid="logo-input"
          aria-labelledby={`${id}-label`}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Zone>
      <Hint id={`${id}-hint`}>
        {hint ?? t`A transparent PNG works best; PNG or JPEG, under ${LOGO_MAX_MB} MB. You can drop it here.`}
      </Hint>
      {shownError ? (
        <ErrorText id={`${id}-error`} role="alert">
          {shownError}
        </ErrorText>
      ) : null}
    </FieldWrapper>
  );
}
