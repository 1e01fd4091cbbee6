/**
 * Choose or drop TXT/DOCX/PDF files (or other `types`, e.g. one CSV), checked against the contract's
 * count and size limits. With `maxFiles` 1 a new file replaces the chosen one.
 */
import { ValidationCode } from '@conversa/contract/codes';
import { FILE_MAX_COUNT, FILE_MAX_MB } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { validationMessage } from '../../i18n/codes';
import { DropZone, HiddenFileInput } from '../../primitives/drop-zone';
import { ErrorText, FieldWrapper, Hint, Label } from '../../primitives/field';
import { Button } from '../button/button';
import { Waiting } from '../waiting/waiting';
import { acceptOf, addFiles, DOCUMENT_TYPES, type FileRejection, type FileTypes } from './file-rules';
import { StackList } from '../../primitives/stack-list';

const Zone = styled(DropZone)`
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  text-align: center;
  cursor: ${({ locked }) => (locked ? 'not-allowed' : 'default')};
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(1)}
    ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusSmall};
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

const Size = styled.span`
  margin-inline-start: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Errors = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

export interface FileDropProps {
  label: ReactNode;
  /** The files chosen so far. */
  files: File[];
  /** The new list after files were added or removed. */
  onChange: (files: File[]) => void;
  maxFiles?: number;
  /** Per-file limit in MB. */
  maxMb?: number;
  /** 'File is required.' once the user empties the list. */
  required?: boolean;
  /** An error from outside (e.g. the server's, or 'File is required.' on submit). */
  error?: ReactNode;
  disabled?: boolean;
  /** The files are uploading. */
  waiting?: boolean;
  /** The types it takes (default: TXT, DOCX and PDF). */
  types?: FileTypes;
  /** How the hint and refusals name `types`, e.g. 'CSV' (default: 'TXT, DOCX or PDF'). */
  typeNames?: string;
}

/** Keyboard: the 'Choose files' button opens the picker; each file has its own remove button. */
export function FileDrop({
  label,
  files,
  onChange,
  maxFiles = FILE_MAX_COUNT,
  maxMb = FILE_MAX_MB,
  required = false,
  error,
  disabled = false,
  waiting = false,
  types = DOCUMENT_TYPES,
  typeNames,
}: FileDropProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<FileRejection[]>([]);
  const [emptied, setEmptied] = useState(false);
  const locked = disabled || waiting;

  const add = (incoming: File[]) => {
    if (locked || incoming.length === 0) return;
    // One file at most: the new one replaces the chosen one.
    const single = maxFiles === 1;
    const result = addFiles(single ? [] : files, single ? incoming.slice(0, 1) : incoming, {
      maxFiles,
      maxMb,
      types,
    });
    setRejected(result.rejected);
    if (result.files.length !== files.length || (single && result.files[0] !== files[0])) {
      setEmptied(false);
      onChange(result.files);
    }
  };
  const remove = (file: File) => {
    const next = files.filter((kept) => kept !== file);
    setRejected([]);
    setEmptied(next.length === 0);
    onChange(next);
  };

  const messages = [
    ...new Set(
      rejected.map((entry) =>
        entry.code === 'wrong_type'
          ? typeNames
            ? t`The file ${entry.name} is not a ${typeNames} file.`
            : t`The file ${entry.name} is not a TXT, DOCX or PDF file.`
          : entry.code === ValidationCode.tooManyFiles
            ? validationMessage(entry.code, { limit: maxFiles }, i18n)
            : validationMessage(entry.code, { 0: entry.name, limit: maxMb }, i18n),
      ),
    ),
  ];
  const requiredMessage =
    required && emptied && files.length === 0
      ? validationMessage(ValidationCode.fileRequired, {}, i18n)
      : null;
  const shownErrors = error ? [error] : requiredMessage ? [requiredMessage, ...messages] : messages;
  const hint =
    maxFiles === 1
      ? t`${typeNames ?? 'TXT, DOCX, PDF'}, up to ${maxMb} MB.`
      : typeNames
        ? t`${typeNames}, up to ${maxMb} MB each, at most ${maxFiles} files.`
        : t`TXT, DOCX or PDF, up to ${maxMb} MB each, at most ${maxFiles} files.`;
  const sizeOf = (file: File) => `${i18n.number(file.size / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;

  return (
    <FieldWrapper>
      <Label id={`${id}-label`} as="span">
        {label}
      </Label>
      <Zone
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint${shownErrors.length > 0 ? ` ${id}-errors` : ''}`}
        aria-busy={waiting || undefined}
        invalid={shownErrors.length > 0}
        locked={locked}
        onFiles={add}
      >
        <span>{maxFiles === 1 ? t`Drag a file here or` : t`Drag files here or`}</span>
        <Button variant="secondary" size="small" disabled={locked} onClick={() => input.current?.click()}>
          {maxFiles === 1 ? t`Choose a file` : t`Choose files`}
        </Button>
        <Hint id={`${id}-hint`}>{hint}</Hint>
        {waiting ? <Waiting label={t`Uploading files…`} showLabel size="small" /> : null}
        <HiddenFileInput
          ref={input}
          type="file"
          multiple={maxFiles > 1}
          accept={acceptOf(types)}
          disabled={locked}
          data-testid="file-input"
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </Zone>
      {shownErrors.length > 0 ? (
        <Errors id={`${id}-errors`} role="alert">
          {shownErrors.map((message, index) => (
            <ErrorText key={index}>{message}</ErrorText>
          ))}
        </Errors>
      ) : null}
      {files.length > 0 ? (
        <StackList $gap={1} aria-label={maxFiles === 1 ? t`Chosen file` : t`Chosen files`}>
          {files.map((file) => (
            <Item key={`${file.name}:${file.size}`}>
              <span>
                {file.name}
                <Size>{sizeOf(file)}</Size>
              </span>
              <Button
                variant="ghost"
                size="small"
                disabled={locked}
                aria-label={t`Remove ${file.name}`}
                onClick={() => remove(file)}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </Item>
          ))}
        </StackList>
      ) : null}
    </FieldWrapper>
  );
}
