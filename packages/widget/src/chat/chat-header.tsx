/** The chat's header: the assistant's logo and name, and in the embedded frame a close button. */
import { useLingui } from '@lingui/react/macro';

/** Props of `ChatHeader`. */
export interface ChatHeaderProps {
  /** The assistant's name; empty while it loads. */
  name: string;
  logo?: string | null;
  /** Shown (the close button) in the embedded frame only. */
  onClose?: (() => void) | undefined;
}

/** Logo, name and the close button. */
export function ChatHeader({ name, logo, onClose }: ChatHeaderProps) {
  const { t } = useLingui();
  return (
    <header className="cv-head">
      {logo ? <img className="cv-logo" src={logo} alt="" /> : null}
      <h1>{name}</h1>
      {onClose ? (
        <button type="button" className="cv-close" aria-label={t`Close chat`} onClick={onClose}>
          ×
        </button>
      ) : null}
    </header>
  );
}
