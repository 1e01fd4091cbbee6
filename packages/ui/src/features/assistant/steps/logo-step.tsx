/** Setup step 'logo' (optional): a checked PNG or JPEG uploads at once and shows as a preview. */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import { useUploadLogo } from '@conversa/data/assistants/upload-logo';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LogoUpload } from '../../../components/logo-upload/logo-upload';
import { useLogoFailure } from '../logo-failure';
import { StepForm } from './step-form';

export interface LogoStepProps {
  assistant: InstitutionProductDetail;
  onUploaded: (assistant: InstitutionProductDetail) => void;
  onNext: () => void;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
}

/** Next moves on with or without a logo; the reason of a refused file shows under the field. */
export function LogoStep({ assistant, onUploaded, onNext, onBack, onBusy }: LogoStepProps) {
  const { t } = useLingui();
  const upload = useUploadLogo(assistant.id);
  const logoFailure = useLogoFailure();
  const [error, setError] = useState<string | undefined>();

  const onSelect = async (file: File) => {
    setError(undefined);
    onBusy(true);
    try {
      onUploaded(await upload.trigger(file));
    } catch (failure) {
      setError(logoFailure(failure));
    } finally {
      onBusy(false);
    }
  };

  return (
    <StepForm
      onSubmit={onNext}
      submitLabel={assistant.product.logo ? t`Next` : t`Continue without a logo`}
      onBack={onBack}
      waiting={upload.isMutating}
    >
      <LogoUpload
        label={t`Logo (optional)`}
        value={assistant.product.logo}
        placeholder={assistant.product.name}
        waiting={upload.isMutating}
        error={error}
        onSelect={(file) => void onSelect(file)}
      />
    </StepForm>
  );
}
