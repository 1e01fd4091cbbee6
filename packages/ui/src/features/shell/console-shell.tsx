/**
 * The signed-in console's frame, connected: the sidebar gets the session's name and roles, the
 * institution's kind and assistants from the data layer, and saves a language choice to the profile
 * before the app reloads the page (docs/product.md#screens-and-routes).
 */
import type { Locale } from '@conversa/contract/constants';
import { useInstitution } from '@conversa/data/institutions/get-institution';
import { useAssistants } from '@conversa/data/assistants/list-assistants';
import { selectInstitution } from '@conversa/data/institutions/select-institution';
import { useDataClient, useSession } from '@conversa/data/provider';
import { useUserInstitutions } from '@conversa/data/users/list-user-institutions';
import { updateProfile } from '@conversa/data/users/update-profile';
import { conversationPath } from '@conversa/contract/console-paths';
import { can } from '@conversa/contract/roles';
import { useLiveCounts } from '@conversa/data/conversations/live-counts';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { AppShell } from '../../components/app-shell/app-shell';
import type { SidebarAssistant } from '../../components/sidebar/navigation';
import { consolePaths } from '../../components/sidebar/paths';
import { isLocale } from '../../i18n/locale';
import { notify } from '../../primitives/desktop-notifications';

export interface ConsoleShellProps {
  /** The path shown now (the router's location). */
  currentPath: string;
  /** Follow an in-app link (the router's navigate). */
  onNavigate(path: string): void;
  /** The profile now holds `locale`: the app reloads the page in it. */
  onLocaleSaved(locale: Locale): void;
  children: ReactNode;
  /** Starts with the 200 px sidebar. */
  defaultExpanded?: boolean;
  /** Starts with the mobile drawer open (stories). */
  defaultDrawerOpen?: boolean;
}

/** `AppShell` fed by the session, `GET institution/{id}` and `GET institution/{id}/product`. */
export function ConsoleShell({
  currentPath,
  onNavigate,
  onLocaleSaved,
  children,
  defaultExpanded,
  defaultDrawerOpen,
}: ConsoleShellProps) {
  const { i18n, t } = useLingui();
  const client = useDataClient();
  const session = useSession();
  const institution = useInstitution();
  const assistants = useAssistants();
  const memberships = useUserInstitutions();
  const [saving, setSaving] = useState(false);

  // Visitors waiting for a person: the sidebar's badges, and a desktop notification as each starts.
  const live = useLiveCounts(
    can(session.roles, 'conversation.read') ? session.institutionId : null,
    (event) => {
      const assistant = assistants.data?.find((one) => one.id === event.institution_product_id);
      notify(t`A visitor is waiting for a person`, {
        body: assistant?.name ?? '',
        tag: event.conversation_id,
        onOpen: () => onNavigate(conversationPath(event.institution_product_id, event.conversation_id)),
      });
    },
  );
  const sidebarAssistants = useMemo<SidebarAssistant[]>(
    () =>
      (assistants.data ?? []).map(({ id, type, name, logo }) => ({
        id,
        type,
        name,
        logo,
        waiting: live.data?.find((row) => row.institution_product_id === id)?.waiting ?? 0,
      })),
    [assistants.data, live.data],
  );
  const shown: Locale = isLocale(i18n.locale) ? i18n.locale : (session.locale ?? 'en');

  const changeLocale = async (locale: Locale) => {
    const profile = session.profile;
    if (!profile) return;
    setSaving(true);
    try {
      const { email: _email, ...editable } = profile;
      await updateProfile(client, { ...editable, locale });
    } catch (error) {
      // No form here to show it in: a toast, and the page stays as it is.
      client.report(error);
      setSaving(false);
      return;
    }
    onLocaleSaved(locale);
  };

  return (
    <AppShell
      defaultExpanded={defaultExpanded}
      defaultDrawerOpen={defaultDrawerOpen}
      sidebar={{
        fullName: session.profile?.full_name ?? session.user?.email ?? '',
        institutionKind: institution.data?.kind ?? null,
        institution: institution.data ? { name: institution.data.name, logo: institution.data.logo } : null,
        assistants: sidebarAssistants,
        roles: session.roles,
        locale: shown,
        onLocaleChange: (locale) => void changeLocale(locale),
        localeSaving: saving,
        currentPath,
        onNavigate,
        institutions: memberships.data,
        institutionId: session.institutionId,
        // The console starts over at its root in the other institution.
        onSwitchInstitution: (id) => {
          const chosen = memberships.data?.find((institution) => institution.id === id);
          selectInstitution(client, id, chosen?.role);
          onNavigate(consolePaths.root);
        },
      }}
    >
      {children}
    </AppShell>
  );
}
