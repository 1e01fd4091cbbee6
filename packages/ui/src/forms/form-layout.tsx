/** The layout pieces the screens share: page heading, form stack, rows, actions and messages. */
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A screen's content column. */
export const Page = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  width: 100%;
  max-width: 44rem;
`;

export const PageTitle = styled.h1`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
  line-height: 1.25;
`;

export const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A form laid out as a vertical stack; `noValidate` because the screens show their own messages. */
export const Form = styled.form.attrs({ noValidate: true })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/**
 * A screen's form: submitting calls `onSubmit` (no page load), and a form-level failure shows first,
 * announced at once.
 */
export function SubmitForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: () => unknown;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      {children}
    </Form>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const AlertBox = styled.p<{ $tone: 'error' | 'success' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.success)};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.success)};
  font-weight: 500;
`;

/** A form-level failure, announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <AlertBox role="alert" $tone="error">
      {children}
    </AlertBox>
  );
}

/** A confirmation, announced politely. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <AlertBox role="status" $tone="success">
      {children}
    </AlertBox>
  );
}

/** A link-looking button for in-screen actions (no navigation inside ui). */
export const LinkButton = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: not-allowed;
    text-decoration: none;
  }
`;

export const TextLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

/** A page with room for a transcript or a record beside its panels. */
export const WidePage = styled(Page)`
  max-width: 72rem;
`;

/** A section's heading inside a page. */
export const SectionHeading = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

/** Labels and their values, side by side. */
export const DetailList = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(6rem, auto) 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
