/** The es/en selector: two toggle buttons; choosing the other language calls back (the app saves and reloads). */
import { type Locale, LOCALES } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';

const Group = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const Choice = styled.button`
  flex: 1;
  min-width: 0;
  min-height: ${({ theme }) => theme.controlHeight.small};
  padding: 0 ${({ theme }) => theme.space(1)};
  border: none;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
  font-weight: 700;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:hover:not([aria-pressed='true']):not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-disabled='true'] {
    cursor: progress;
  }
`;

/** Each language is named in itself, so a reader of the other one still finds theirs. */
const NATIVE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export interface LanguageSwitchProps {
  locale: Locale;
  onChange: (locale: Locale) => void;
  /** The choice is being saved: further clicks are ignored. */
  saving?: boolean;
}

/** A labelled group of one toggle button per language. */
export function LanguageSwitch({ locale, onChange, saving = false }: LanguageSwitchProps) {
  const { t } = useLingui();
  return (
    <Group role="group" aria-label={t`Language`} aria-busy={saving || undefined}>
      {LOCALES.map((code) => (
        <Choice
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === locale}
          // aria-disabled keeps the button focusable, so focus is not lost while saving.
          aria-disabled={saving || undefined}
          onClick={() => {
            if (!saving && code !== locale) onChange(code);
          }}
        >
          {code.toUpperCase()}
          <VisuallyHidden> ({NATIVE_NAMES[code]})</VisuallyHidden>
        </Choice>
      ))}
    </Group>
  );
}
