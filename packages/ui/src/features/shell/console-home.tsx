/**
 * Where the console starts (docs/product.md#screens-and-routes: the root): what the person's menu
 * offers first, so the start follows the role: the first entry of the first assistant's sub-menu
 * the role may use (the trainer for those who train, Leads for a lead-entry agent, Orders for an
 * order-capture agent, the dashboard for an admissions agent), or the assistant setup when the
 * institution has none yet. With a `section`, the first assistant of that area (the /pre-sales and
 * /sales-support index routes). Without an institution: a platform admin chooses one (Change
 * institution); anyone else is offered to create one on the setup page.
 */
import { useAssistants } from '@conversa/data/assistants/list-assistants';
import type { AssistantSummary } from '@conversa/data/assistants/assistant-summary';
import type { Role } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/button/button';
import { assistantEntries } from '../../components/sidebar/navigation';
import { consolePaths, type ConsoleSection, sectionOf } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, FormAlert, Page } from '../../forms/form-layout';

/**
 * The start path for a list of assistants and the roles held (and optionally one area): the first
 * sidebar entry the roles may use, in the sidebar's order (`assistantEntries`, one definition).
 */
export function homePath(
  assistants: readonly AssistantSummary[],
  roles: readonly Role[],
  section?: ConsoleSection,
): string {
  const firstEntry = (list: readonly AssistantSummary[]) =>
    list.map((assistant) => assistantEntries(assistant, roles)[0]).find((entry) => entry !== undefined);
  const entry =
    (section ? firstEntry(assistants.filter((a) => sectionOf(a.type) === section)) : undefined) ??
    firstEntry(assistants);
  return entry ? entry.href : consolePaths.setupAssistant;
}

export interface ConsoleHomeProps {
  /** Only assistants of this area count (falls back to any assistant, then to the setup). */
  section?: ConsoleSection;
  /** The start path is known: the app replaces the current entry with it. */
  onResolved(path: string): void;
}

/** Waits for the institution's assistants, then calls back with the start path; offers a retry on failure. */
export function ConsoleHome({ section, onResolved }: ConsoleHomeProps) {
  const { t } = useLingui();
  const session = useSession();
  const assistants = useAssistants();
  // Without an institution there is nothing to list: a platform admin picks one, anyone else is
  // offered to create one (on the setup page).
  const path =
    session.institutionId === null
      ? session.roles.includes('admin')
        ? consolePaths.changeInstitution
        : consolePaths.setupAssistant
      : assistants.data
        ? homePath(assistants.data, session.roles, section)
        : null;

  // Called once per path, however often the parent re-renders with a new callback.
  const resolve = useRef(onResolved);
  resolve.current = onResolved;
  useEffect(() => {
    if (path !== null) resolve.current(path);
  }, [path]);

  if (assistants.error && path === null) {
    return (
      <Page>
        <Card>
          <FormAlert>{t`The console could not be loaded. Check your connection and try again.`}</FormAlert>
          <Actions>
            <Button waiting={assistants.isValidating} onClick={() => void assistants.mutate()}>
              {t`Try again`}
            </Button>
          </Actions>
        </Card>
      </Page>
    );
  }
  return <Waiting block showLabel label={t`Opening the console…`} />;
}
