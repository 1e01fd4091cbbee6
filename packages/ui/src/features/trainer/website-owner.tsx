/**
 * A site's owner tag (docs/product.md#websites): whether the institution is the site's verified
 * owner, the tag that proves it (to put on the home page of the site's server, copied in one
 * click), and a check of it, whose outcome arrives on the site's events. A verified owner's site is
 * read past the daily share of its server that every institution using it has together.
 */
import { WEBSITE_HOST_DAILY_PAGE_BUDGET, WEBSITE_OWNER_META } from '@conversa/contract/constants';
import { formatDateTime } from '@conversa/contract/date-format';
import type { Website, WebsiteOwnerCheck } from '@conversa/contract/website';
import { useCheckWebsiteOwner } from '@conversa/data/websites/check-website-owner';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { CopyField } from '../../components/copy-field/copy-field';
import { notifyError } from '../../components/toaster/toaster';
import { Actions } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { Muted } from '../../primitives/muted';
import { StateBadge } from './website-badge';

const Block = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h4`
  margin: 0;
  font-size: 0.9375rem;
  font-weight: 700;
`;

const Text = styled.p`
  margin: 0;
`;

/** What the last check found (`checking`: under way). */
const checkTexts = {
  checking: msg`Looking for the tag on the home page…`,
  verified: msg`The tag was found: the site is yours.`,
  tag_missing: msg`The tag was not found on the home page. Put it inside <head> exactly as shown, publish the page, and check again.`,
  unreachable: msg`The home page could not be read (the site did not answer, or answered with an error). Try again later.`,
  page_budget: msg`Your institution's websites have used today's page reads. Check again tomorrow.`,
} satisfies Record<WebsiteOwnerCheck, MessageDescriptor>;

/** What a site's last check of its owner tag found, as a sentence (null: never checked). */
export function useOwnerCheckText() {
  const { i18n } = useLingui();
  return (site: Pick<Website, 'owner_check'>) =>
    site.owner_check ? i18n._(checkTexts[site.owner_check]) : null;
}

/** The tag a site's owner puts on its home page. */
const ownerTag = (site: Pick<Website, 'owner_token'>) =>
  `<meta name="${WEBSITE_OWNER_META}" content="${site.owner_token}">`;

export interface WebsiteOwnerProps {
  assistantId: number;
  site: Website;
  /** The user may check the tag (`trainer.manage`); otherwise the block only reads. */
  editable: boolean;
}

/** The owner tag of one site: verified or not, the tag, the last check and "Check the tag". */
export function WebsiteOwner({ assistantId, site, editable }: WebsiteOwnerProps) {
  const { t, i18n } = useLingui();
  const failureText = useFailureText();
  const checkText = useOwnerCheckText();
  // In the reader's locale (20,000 or 20.000).
  const hostPages = i18n.number(WEBSITE_HOST_DAILY_PAGE_BUDGET);
  const check = useCheckWebsiteOwner(assistantId, site.id);
  const home = new URL('/', site.url).href;
  const checking = site.owner_check === 'checking';
  const found = checkText(site);
  const lastCheck =
    found && site.owner_checked_at ? `${found} (${formatDateTime(site.owner_checked_at)})` : null;
  return (
    <Block aria-labelledby={`website-owner-${site.id}`}>
      <Title id={`website-owner-${site.id}`}>{t`Site ownership`}</Title>
      {site.owner_verified_at ? (
        <Text>
          <StateBadge $state="ready">{t`Verified owner`}</StateBadge>{' '}
          {t`Since ${formatDateTime(site.owner_verified_at)}. The site is read past the ${hostPages} daily page reads its server allows all the institutions that use it here. Keep the tag on its home page: it is checked again at each sync.`}
        </Text>
      ) : (
        <Text>
          {t`Is this site yours? Add this tag inside the <head> of its home page (${home}) and check it: once it is found, the site is read past the ${hostPages} daily page reads its server allows all the institutions that use it here.`}
        </Text>
      )}
      <CopyField label={t`Owner tag`} value={ownerTag(site)} />
      {/* The outcome arriving is announced by the section (`useOwnerCheckText`). */}
      {lastCheck ? <Muted>{lastCheck}</Muted> : null}
      {editable ? (
        <Actions>
          <Button
            variant="secondary"
            size="small"
            waiting={check.isMutating || checking}
            disabled={checking}
            onClick={() => {
              check.trigger().catch((error: unknown) => notifyError(failureText(error)));
            }}
          >
            {checking ? t`Checking…` : t`Check the tag`}
          </Button>
        </Actions>
      ) : null}
    </Block>
  );
}
