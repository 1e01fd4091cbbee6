/**
 * The public page's footer: that answers come from an AI, the privacy policy (served at
 * `/privacy`, or where PRIVACY_URL says), and whose product it is.
 */
import { PRODUCT_NAME } from '@conversa/contract/constants';
import { LEGAL_PATHS } from '@conversa/contract/legal';
import { useLingui } from '@lingui/react/macro';

/** The footer line. */
export function ChatFooter() {
  const { t } = useLingui();
  return (
    <footer className="cv-foot">
      <span>{t`Answers are written by an AI assistant and can contain mistakes.`}</span>
      <a href={LEGAL_PATHS.privacy} target="_blank" rel="noopener">
        {t`Privacy policy`}
      </a>
      <span>{t`Powered by ${PRODUCT_NAME}`}</span>
    </footer>
  );
}
