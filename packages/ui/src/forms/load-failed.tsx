/** What a screen shows when its data could not be loaded: the reason, and a way to try again. */
import { useLingui } from '@lingui/react/macro';
import { Button } from '../components/button/button';
import { Actions, FormAlert } from './form-layout';

export interface LoadFailedProps {
  /** The translated reason. */
  message: string;
  onRetry: () => void;
}

/** An alert with the reason and a "Try again" button. */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  const { t } = useLingui();
  return (
    <>
      <FormAlert>{message}</FormAlert>
      <Actions>
        <Button variant="secondary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      </Actions>
    </>
  );
}
