/** A modal dialog (Headless UI): focus trapped, Escape and the backdrop close it, title announced. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  Description,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Dialog as HeadlessDialog,
} from '../headless/headless';

const Backdrop = styled(DialogBackdrop)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Viewport = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  overflow-y: auto;
`;

const widths = { small: '26rem', medium: '36rem', large: '52rem' } as const;

const Panel = styled(DialogPanel)<{ $size: keyof typeof widths }>`
  position: relative;
  width: 100%;
  max-width: ${({ $size }) => widths[$size]};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Title = styled(DialogTitle)`
  margin: 0 ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(2)} 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

const Text = styled(Description)`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space(4)};
  right: ${({ theme }) => theme.space(4)};
  width: ${({ theme }) => theme.controlHeight.small};
  height: ${({ theme }) => theme.controlHeight.small};
  border: none;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

export const DialogFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

export interface DialogProps {
  open: boolean;
  /** Escape, the backdrop and the close button call it. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under the content. */
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** Hides the × button (when the footer already offers a way out). */
  hideCloseButton?: boolean;
}

/** A modal dialog; render it always and drive it with `open`. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'medium',
  hideCloseButton = false,
}: DialogProps) {
  const { t } = useLingui();
  return (
    <HeadlessDialog open={open} onClose={onClose}>
      <Backdrop />
      <Viewport>
        <Panel $size={size}>
          <Title>{title}</Title>
          {description ? <Text>{description}</Text> : null}
          {children}
          {footer ? <DialogFooter>{footer}</DialogFooter> : null}
          {hideCloseButton ? null : (
            <Close type="button" aria-label={t`Close`} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </Close>
          )}
        </Panel>
      </Viewport>
    </HeadlessDialog>
  );
}
