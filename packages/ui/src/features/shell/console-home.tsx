/**
 * Where the console starts (docs/product.md#screens-and-routes: the root): the first assistant's trainer, pre-sales or sales
 * support by its type, or the assistant setup when the institution has no assistant yet. With a
 * `section`, the first assistant of that area (the /pre-sales and /sales-support index routes).
 */
import { useAssistants } from '@conversa/data/assistants/list-assistants';
import type { AssistantSummary } from '@conversa/data/assistants/assistant-summary';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/button/button';
import { consolePaths, type ConsoleSection, sectionOf, trainerPath } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, FormAlert, Page } from '../../forms/form-layout';

/** The start path for a list of assistants (and optionally one area). */
export function homePath(assistants: readonly AssistantSummary[], section?: ConsoleSection): string {
  const inSection = section
    ? assistants.find((assistant) => sectionOf(assistant.type) === section)
    : undefined;
  const first = inSection ?? assistants[0];
  return first ? trainerPath(first) : consolePaths.setupAssistant;
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
  // Without an institution there is nothing to list: the setup is the start.
  const path =
    session.institutionId === null
      ? consolePaths.setupAssistant
      : assistants.data
        ? homePath(assistants.data, section)
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
