/**
 * An assistant's logo field, connected: a checked file uploads at once (the preview follows the
 * answer); a refused one shows the server's issue on `logo` (type, size), else the failure, under
 * the field. Used by the profile card and the setup wizard's logo step.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useUploadLogo } from '@conversa/data/assistants/upload-logo';
import { useState } from 'react';
import { LogoUpload } from '../../components/logo-upload/logo-upload';
import { useLogoFailure } from '../../forms/use-logo-failure';

export interface AssistantLogoFieldProps {
  assistant: AssistantDetail;
  label: string;
  disabled?: boolean;
  /** The assistant as the upload answered it. */
  onUploaded?: (assistant: AssistantDetail) => void;
  /** True while an upload runs. */
  onBusy?: (busy: boolean) => void;
}

/** The logo of `assistant`, uploaded as soon as a file is chosen. */
export function AssistantLogoField({
  assistant,
  label,
  disabled,
  onUploaded,
  onBusy,
}: AssistantLogoFieldProps) {
  const upload = useUploadLogo(assistant.id);
  const logoFailure = useLogoFailure();
  const [error, setError] = useState<string | undefined>();
  const onSelect = async (file: File) => {
    setError(undefined);
    onBusy?.(true);
    try {
      onUploaded?.(await upload.trigger(file));
    } catch (failure) {
      setError(logoFailure(failure));
    } finally {
      onBusy?.(false);
    }
  };
  return (
    <LogoUpload
      label={label}
      value={assistant.product.logo}
      placeholder={assistant.product.name}
      disabled={disabled}
      waiting={upload.isMutating}
      error={error}
      onSelect={(file) => void onSelect(file)}
    />
  );
}
