/** Setup step 'type': which kind of assistant, among those the institution's kind allows. */
import type { AssistantType } from '@conversa/contract/assistant-type';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../primitives/visually-hidden';
import { assistantTypeTexts } from '../assistant-types';
import { StepForm } from './step-form';

const Options = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  border: none;
`;

const Option = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: ${({ $checked }) => ($checked ? 2 : 1)}px solid
    ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius};
  cursor: pointer;
  input {
    flex: none;
    width: 1rem;
    height: 1rem;
    margin-top: 0.2rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Name = styled.span`
  display: block;
  font-weight: 700;
`;

const Description = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface TypeStepProps {
  types: readonly AssistantType[];
  value: AssistantType;
  onChange: (type: AssistantType) => void;
  onNext: () => void;
}

/** Radio choices (arrow keys move between them), each with what the assistant does. */
export function TypeStep({ types, value, onChange, onNext }: TypeStepProps) {
  const { t, i18n } = useLingui();
  return (
    <StepForm onSubmit={onNext} submitLabel={t`Next`}>
      <Options>
        <VisuallyHidden as="legend">{t`Type of assistant`}</VisuallyHidden>
        {types.map((type) => (
          <Option key={type} $checked={value === type}>
            <input
              type="radio"
              name="assistant-type"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
            />
            <span>
              <Name>{i18n._(assistantTypeTexts[type].name)}</Name>
              <Description>{i18n._(assistantTypeTexts[type].description)}</Description>
            </span>
          </Option>
        ))}
      </Options>
    </StepForm>
  );
}
