/**
 * The dashed area that file pickers take drops on (the logo upload, the files drop): highlighted
 * while files hover over it, red when invalid, muted when locked. Layout is the caller's.
 */
import { type HTMLAttributes, useState } from 'react';
import styled from 'styled-components';

const Area = styled.div<{ $active: boolean; $invalid: boolean; $locked: boolean }>`
  display: flex;
  border: 2px dashed
    ${({ theme, $active, $invalid }) =>
      $invalid ? theme.colors.danger : $active ? theme.colors.primary : theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme, $active, $locked }) => ($active || $locked ? theme.colors.hover : theme.colors.surface)};
`;

export interface DropZoneProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onDrop'> {
  /** The dropped files (never called while locked). */
  onFiles: (files: File[]) => void;
  invalid: boolean;
  /** Disabled or busy: drops are ignored. */
  locked: boolean;
}

/** A `div` (give it a role and labels) that hands dropped files to `onFiles`. */
export function DropZone({ onFiles, invalid, locked, children, ...rest }: DropZoneProps) {
  const [active, setActive] = useState(false);
  return (
    <Area
      {...rest}
      $active={active}
      $invalid={invalid}
      $locked={locked}
      onDragOver={(event) => {
        // Without this the browser opens the dropped file instead.
        event.preventDefault();
        if (!locked) setActive(true);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={(event) => {
        event.preventDefault();
        setActive(false);
        if (!locked) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      {children}
    </Area>
  );
}

// The picker's button opens it; a hidden input can still be clicked programmatically.
export const HiddenFileInput = styled.input`
  display: none;
`;
