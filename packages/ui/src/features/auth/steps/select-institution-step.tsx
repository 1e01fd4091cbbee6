/** For users in several institutions: which one to work in now. */
import type { UserInstitution } from '@conversa/contract/user';
import { useDataClient } from '@conversa/data/provider';
import { selectInstitution } from '@conversa/data/institutions/select-institution';
import { useUserInstitutions } from '@conversa/data/users/list-user-institutions';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../../components/button/button';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Waiting } from '../../../components/waiting/waiting';
import { FormAlert, Intro } from '../../../forms/form-layout';
import { useFailureText } from '../../../forms/use-failure-text';
import { StackList } from '../../../primitives/stack-list';

const Choice = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(0.5)};
  width: 100%;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Name = styled.span`
  font-weight: 600;
`;

const Kind = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SelectInstitutionStepProps {
  onSelected: () => void;
}

/** `GET user/{id}/institution`; the choice becomes the session's institution. */
export function SelectInstitutionStep({ onSelected }: SelectInstitutionStepProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const errorText = useFailureText();
  const list = useUserInstitutions();

  const choose = (institution: UserInstitution) => {
    selectInstitution(client, institution.id, institution.role);
    onSelected();
  };

  if (list.isLoading) return <Waiting block size="large" label={t`Loading your institutions…`} />;
  if (list.error) {
    return (
      <>
        <FormAlert>{errorText(list.error)}</FormAlert>
        <Button variant="secondary" onClick={() => void list.mutate()}>
          {t`Try again`}
        </Button>
      </>
    );
  }
  const items = list.data ?? [];
  if (items.length === 0) return <EmptyState />;
  return (
    <>
      <Intro>{t`You belong to several institutions. Choose the one to work in now; you can switch later.`}</Intro>
      <StackList>
        {items.map((institution) => (
          <li key={institution.id}>
            <Choice type="button" onClick={() => choose(institution)}>
              <Name>{institution.name}</Name>
              <Kind>{institution.kind === 'business' ? t`Business` : t`School`}</Kind>
            </Choice>
          </li>
        ))}
      </StackList>
    </>
  );
}
