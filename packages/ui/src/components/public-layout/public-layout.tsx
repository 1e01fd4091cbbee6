/** The frame of the signed-out pages (/login, /reset-password): the brand above a centred card. */
import { PRODUCT_NAME } from '@conversa/contract/constants';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LogoMark } from '../sidebar/icons';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  min-height: 100vh;
  min-height: 100dvh;
  padding: ${({ theme }) => theme.space(4)};
  box-sizing: border-box;
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.primary};
  font-size: 1.375rem;
  font-weight: 800;
  --logo-foreground: ${({ theme }) => theme.colors.onPrimary};
`;

const Name = styled.span`
  color: ${({ theme }) => theme.colors.text};
`;

const Main = styled.main`
  display: flex;
  justify-content: center;
  width: 100%;
`;

export interface PublicLayoutProps {
  children: ReactNode;
}

/** Brand header and a `main` landmark holding the page's card, centred on every screen size. */
export function PublicLayout({ children }: PublicLayoutProps) {
  return (
    <Page>
      <Brand>
        <LogoMark size={44} />
        <Name>{PRODUCT_NAME}</Name>
      </Brand>
      <Main>{children}</Main>
    </Page>
  );
}
