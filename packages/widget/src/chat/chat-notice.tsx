/** What the chat shows instead of a conversation: loading, an unknown assistant, a failure, an inactive link. */
import { useLingui } from '@lingui/react/macro';

/** The notices. */
export type ChatNoticeKind = 'loading' | 'missing' | 'failed' | 'inactive';

/** One notice, announced politely. */
export function ChatNotice({ kind }: { kind: ChatNoticeKind }) {
  const { t } = useLingui();
  const text = {
    loading: t`Loading…`,
    missing: t`This chat does not exist.`,
    failed: t`The chat could not be loaded. Check your connection and reload the page.`,
    // docs/product.md#states: the public link switched off.
    inactive: t`Nothing here yet. The chat link is inactive - please contact your institution`,
  }[kind];
  return (
    <p className="cv-note" role="status">
      {text}
    </p>
  );
}
