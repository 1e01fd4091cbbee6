/** Setup step 'logo' (optional): a checked PNG or JPEG uploads at once and shows as a preview. */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AssistantLogoField } from '../logo-field';
import { StepForm } from './step-form';

export interface LogoStepProps {
  assistant: AssistantDetail;
  onUploaded: (assistant: AssistantDetail) => void;
  onNext: () => void;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
}

/** Next moves on with or without a logo; the reason of a refused file shows under the field. */
export function LogoStep({ assistant, onUploaded, onNext, onBack, onBusy }: LogoStepProps) {
  const { t } = useLingui();
  const [waiting, setWaiting] = useState(false);

  return (
    <StepForm
      onSubmit={onNext}
      submitLabel={assistant.product.logo ? t`Next` : t`Continue without a logo`}
      onBack={onBack}
      waiting={waiting}
    >
      <AssistantLogoField
        assistant={assistant}
        label={t`Logo (optional)`}
        onUploaded={onUploaded}
        onBusy={(busy) => {
          setWaiting(busy);
          onBusy(busy);
        }}
      />
    </StepForm>
  );
}
