/**
 * The assistant's websites (docs/product.md#websites): an address to add (a site or its sitemap),
 * the sites with their state, page counts and syncs, kept live by the server's events (no reload, no
 * polling), and a chosen site's pages with their states and reasons. "Sync now" reads a site again;
 * removing one asks first. State changes are announced in a polite live region.
 */
import { WEBSITE_DEFAULT_PAGES } from '@conversa/contract/constants';
import { formatDateTime } from '@conversa/contract/date-format';
import {
  crawlUnderWay,
  WEBSITE_DEFAULT_SCHEDULE,
  type Website,
  type WebsiteState,
} from '@conversa/contract/website';
import { useAddWebsite } from '@conversa/data/websites/add-website';
import { useDeleteWebsites } from '@conversa/data/websites/delete-websites';
import { useWebsites } from '@conversa/data/websites/list-websites';
import { useSyncWebsite } from '@conversa/data/websites/sync-website';
import { useWebsiteEvents } from '@conversa/data/websites/website-events';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyState } from '../../components/empty-state/empty-state';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import type { TableColumn } from '../../components/table/table';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import {
  type AddWebsiteValues,
  AddWebsiteFormSchema,
  crawlUrl,
  settingsBody,
} from '../../forms/website-schemas';
import { successMessage } from '../../i18n/codes';
import { Muted } from '../../primitives/muted';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { TextField } from '../../components/text-field/text-field';
import { SectionTitle } from './trainer-layout';
import { Address, StateBadge, StateCell } from './website-badge';
import { useOwnerCheckText, WebsiteOwner } from './website-owner';
import { WebsitePages } from './website-pages';
import { WebsiteSettingsDialog, WebsiteSettingsFields } from './website-settings';
import { scheduleLabels, useWebsiteTexts, websiteStateLabels } from './website-texts';

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1)};
`;

const SubTitle = styled.h3`
  margin: 0;
  font-size: 1rem;
  font-weight: 700;
  overflow-wrap: anywhere;
`;

export interface WebsiteSectionProps {
  assistantId: number;
  /** The user may add, change, sync and remove sites (`trainer.manage`); otherwise the lists only read. */
  editable: boolean;
}

/** The add form, the live list of sites and the chosen site's pages. */
export function WebsiteSection({ assistantId, editable }: WebsiteSectionProps) {
  const { t } = useLingui();
  const texts = useWebsiteTexts();
  const failureText = useFailureText();
  const sites = useWebsites(assistantId);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const checkText = useOwnerCheckText();
  // The states (and owner tag checks) last shown, so an event is announced only when it changes
  // what the user sees.
  const shown = useRef(new Map<number, WebsiteState>());
  const shownChecks = useRef(new Map<number, Website['owner_check']>());
  useEffect(() => {
    shown.current = new Map((sites.data ?? []).map((site) => [site.id, site.state]));
    shownChecks.current = new Map((sites.data ?? []).map((site) => [site.id, site.owner_check]));
  }, [sites.data]);
  useWebsiteEvents(assistantId, {
    onWebsite: (event) => {
      if (event.deleted) return;
      const checked = shownChecks.current.get(event.id) !== event.owner_check;
      shownChecks.current.set(event.id, event.owner_check);
      if (checked && event.owner_check && event.owner_check !== 'checking') {
        setAnnouncement(`${event.url}: ${checkText(event)}`);
        return;
      }
      if (event.state === 'crawling' || shown.current.get(event.id) === event.state) return;
      shown.current.set(event.id, event.state);
      setAnnouncement(texts.status(event));
    },
  });

  const list = sites.data;
  const chosen = list?.find((site) => site.id === open) ?? null;
  let body;
  if (list) {
    body = (
      <SitesTable
        assistantId={assistantId}
        sites={list}
        editable={editable}
        open={chosen?.id ?? null}
        onOpen={(site) => setOpen((current) => (current === site.id ? null : site.id))}
        onRemoved={(ids) => {
          if (open !== null && ids.includes(open)) setOpen(null);
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    );
  } else if (sites.error) {
    body = <SitesFrame waiting={false} error={failureText(sites.error)} />;
  } else body = <SitesFrame waiting />;

  return (
    <Card as="section" aria-labelledby="website-title">
      <SectionTitle id="website-title" ref={heading} tabIndex={-1}>
        {t`Website`}
      </SectionTitle>
      <Intro>
        {t`Add your website and the assistant learns from its pages, and keeps up with them when they change. It reads only what the site's robots.txt allows.`}
      </Intro>
      {editable ? <AddWebsite assistantId={assistantId} onAdded={setAnnouncement} /> : null}
      {body}
      {chosen ? (
        <section aria-labelledby="website-pages-title">
          <SubTitle id="website-pages-title">{t`Pages of ${chosen.url}`}</SubTitle>
          <Muted>{texts.counts(chosen)}</Muted>
          <WebsitePages key={chosen.id} assistantId={assistantId} site={chosen} />
          <WebsiteOwner
            key={`owner-${chosen.id}`}
            assistantId={assistantId}
            site={chosen}
            editable={editable}
          />
        </section>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </Card>
  );
}

const blank: AddWebsiteValues = {
  url: '',
  max_pages: String(WEBSITE_DEFAULT_PAGES),
  schedule: WEBSITE_DEFAULT_SCHEDULE,
  include: '',
  exclude: '',
};

/** The address, and its settings behind "More options"; a refused address is said under the field. */
function AddWebsite({ assistantId, onAdded }: { assistantId: number; onAdded: (message: string) => void }) {
  const { t } = useLingui();
  const [options, setOptions] = useState(false);
  const form = useForm(AddWebsiteFormSchema, blank, {
    params: { invalid_url: { host: 'https://www.school.edu' } },
  });
  const add = useAddWebsite(assistantId);
  const submit = form.submit(async (values) => {
    try {
      const site = await add.trigger({ url: crawlUrl(values.url), ...settingsBody(values) });
      form.reset(blank);
      setOptions(false);
      onAdded(t`${site.url} added. Its pages are being read; their states update here by themselves.`);
    } catch (error) {
      form.fail(error);
    }
  });
  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      <TextField
        label={t`Website address`}
        name="url"
        inputMode="url"
        autoComplete="url"
        required
        hint={t`Its home page, a section (https://www.school.edu/admissions/) or its sitemap.`}
        {...form.bind('url')}
      />
      {options ? <WebsiteSettingsFields form={form} /> : null}
      <Actions>
        <Button type="submit" waiting={add.isMutating}>
          {t`Add website`}
        </Button>
        <Button variant="ghost" aria-expanded={options} onClick={() => setOptions((shown) => !shown)}>
          {options ? t`Fewer options` : t`More options`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}

/** The table's frame while the sites load or could not. */
function SitesFrame({ waiting, error }: { waiting: boolean; error?: string }) {
  const { t } = useLingui();
  return <SelectableTable caption={t`Websites`} columns={[]} rows={[]} waiting={waiting} error={error} />;
}

function SitesTable({
  assistantId,
  sites,
  editable,
  open,
  onOpen,
  onRemoved,
}: {
  assistantId: number;
  sites: Website[];
  editable: boolean;
  open: number | null;
  onOpen: (site: Website) => void;
  onRemoved: (ids: number[]) => void;
}) {
  const { t, i18n } = useLingui();
  const texts = useWebsiteTexts();
  const failureText = useFailureText();
  const [removing, setRemoving] = useState<Website | null>(null);
  const [editing, setEditing] = useState<Website | null>(null);
  const remove = useDeleteWebsites(assistantId);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const result = await remove.trigger([removing.id]);
      notifySuccess(successMessage(result.code, result.message));
      onRemoved([removing.id]);
    } catch (error) {
      notifyError(failureText(error));
    } finally {
      setRemoving(null);
    }
  };

  const columns: TableColumn<Website>[] = [
    {
      key: 'site',
      header: t`Website`,
      cell: (site) => (
        <Address href={site.url} target="_blank" rel="noreferrer">
          {site.url}
        </Address>
      ),
    },
    {
      key: 'state',
      header: t`State`,
      cell: (site) => (
        <StateCell>
          <StateBadge $state={site.state}>{i18n._(websiteStateLabels[site.state])}</StateBadge>
          <span>{texts.counts(site)}</span>
          {site.owner_verified_at ? <Muted>{t`Verified owner`}</Muted> : null}
          {texts.reason(site) ? <Muted>{texts.reason(site)}</Muted> : null}
        </StateCell>
      ),
    },
    {
      key: 'sync',
      header: t`Synced`,
      cell: (site) => (
        <StateCell>
          <span>{site.last_synced_at ? formatDateTime(site.last_synced_at) : t`Not yet`}</span>
          <Muted>
            {site.schedule === 'never' || !site.next_sync_at || site.state === 'paused'
              ? i18n._(scheduleLabels[site.schedule])
              : t`Next: ${formatDateTime(site.next_sync_at)}`}
          </Muted>
        </StateCell>
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      align: 'end',
      cell: (site) => (
        <RowActions>
          <Button
            variant="secondary"
            size="small"
            aria-expanded={open === site.id}
            aria-label={t`Pages of ${site.url}`}
            onClick={() => onOpen(site)}
          >
            {t`Pages`}
          </Button>
          {editable ? (
            <>
              <SyncButton assistantId={assistantId} site={site} />
              <Button
                variant="ghost"
                size="small"
                aria-label={t`Settings of ${site.url}`}
                onClick={() => setEditing(site)}
              >
                {t`Settings`}
              </Button>
              <Button
                variant="ghost"
                size="small"
                aria-label={t`Remove ${site.url}`}
                onClick={() => setRemoving(site)}
              >
                {t`Remove`}
              </Button>
            </>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <SelectableTable
        caption={t`Websites`}
        columns={columns}
        rows={sites}
        summary={t({ message: plural(sites.length, { one: '# website', other: '# websites' }) })}
        empty={
          sites.length === 0 ? (
            <EmptyState title={t`No websites yet`}>
              <Muted>{t`Add your website's address and the assistant will learn from its pages.`}</Muted>
            </EmptyState>
          ) : undefined
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title={t`Remove the website ${removing?.url ?? ''}?`}
        message={t`The assistant forgets what it learnt from its pages. This cannot be undone.`}
        confirmLabel={t`Remove`}
        waiting={remove.isMutating}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <WebsiteSettingsDialog assistantId={assistantId} site={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** "Sync now": reads the site again; while a crawl of it runs or is paused there is nothing to start. */
function SyncButton({ assistantId, site }: { assistantId: number; site: Website }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const sync = useSyncWebsite(assistantId, site.id);
  const crawling = crawlUnderWay(site.state);
  return (
    <Button
      variant="secondary"
      size="small"
      // The visible words first (label in name), then which site.
      aria-label={crawling ? t`Reading… ${site.url}` : t`Sync now ${site.url}`}
      disabled={crawling}
      waiting={sync.isMutating}
      onClick={() => {
        sync.trigger().catch((error: unknown) => notifyError(failureText(error)));
      }}
    >
      {crawling ? t`Reading…` : t`Sync now`}
    </Button>
  );
}
