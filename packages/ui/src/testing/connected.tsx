/**
 * Connected screens in tests (DESIGN §10): the real API server in-process on a loopback port (the
 * data layer's `startApi`), a data client pointed at it, and the app's providers plus the toaster.
 */
import type { DataClient } from '@conversa/data/client';
import { DataProvider } from '@conversa/data/provider';
import { type TestApi } from '@conversa/data/testing/api';
import type { Locale } from '@conversa/contract/constants';
import type { CreateInstitutionBody, Institution } from '@conversa/contract/institution';
import { i18n } from '@lingui/core';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { clearNotifications, Toaster } from '../components/toaster/toaster';
import { UiI18nProvider } from '../i18n/i18n-provider';
import { ConversaThemeProvider } from '../theme/theme-provider';

export { startApi, type TestApi } from '@conversa/data/testing/api';

/** Renders a screen inside the data, lingui and theme providers, with the toaster mounted. */
export function renderConnected(
  ui: ReactElement,
  { client, locale = 'en' }: { client: DataClient; locale?: Locale },
) {
  act(() => i18n.activate(locale));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataProvider client={client}>
      <UiI18nProvider>
        <ConversaThemeProvider>
          <Toaster />
          {children}
        </ConversaThemeProvider>
      </UiI18nProvider>
    </DataProvider>
  );
  return render(ui, { wrapper });
}

/** Removes toasts left by a test (react-hot-toast keeps them in a module-level store). */
export function resetToasts(): void {
  act(() => clearNotifications());
}

/** `POST /api/institution` as a user, through HTTP; fails the test unless it is created. */
export async function postInstitution(
  api: TestApi,
  token: string,
  body: Partial<CreateInstitutionBody> = {},
): Promise<Institution> {
  const { status, body: answer } = await api.server.call<{ data: Institution }>('/api/institution', {
    token,
    json: { name: `School ${Math.random().toString(36).slice(2, 8)}`, kind: 'school', ...body },
  });
  if (status !== 201) throw new Error(`POST /api/institution answered ${status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The 6-digit code of the newest sign-up mail to an address. */
export async function mailedCode(api: TestApi, email: string): Promise<string> {
  let code: string | undefined;
  await waitFor(async () => {
    const mail = await api.server.lastMailTo(email);
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
  });
  return code as string;
}
