import { WEBSITE_OWNER_META } from '@conversa/contract/constants';
import type { Website } from '@conversa/contract/website';
import { htmlPage, type LocalSite, startLocalSite } from '@conversa/data/testing/local-site';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { KnowledgeBasePage } from './knowledge-base';

// The crawler may visit the loopback site the test serves (it refuses private addresses otherwise).
const api = connectedApi({ env: { CRAWL_ALLOW_PRIVATE: 'true' } });
let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite(
    {
      '/': htmlPage(
        'Colegio Ceibo',
        ['Bienvenidos al Colegio Ceibo.'],
        ['/admisiones/', '/privado/', '/antigua/'],
      ),
      '/admisiones/': htmlPage('Admisiones', ['Las solicitudes de admisión se presentan en marzo.']),
      '/privado/': htmlPage('Privado', ['Solo para el personal.']),
    },
    'User-agent: *\nDisallow: /privado/\n',
  );
});
afterAll(() => site.close());

/** The site's address as the server keeps it (with its path). */
const home = () => `${site.url}/`;
const section = () => screen.getByRole('region', { name: 'Website' });
const sitesTable = () => within(section()).getByRole('table', { name: 'Websites' });
const status = () =>
  within(section())
    .getAllByRole('status')
    .find((node) => node.getAttribute('aria-live') === 'polite')!;

async function sites(as: { token: string; institution: number }, assistant: number) {
  const { body } = await api.server.call<{ data: Website[] }>(
    `/api/institution-product/${assistant}/website`,
    as,
  );
  return body.data;
}

describe('Website section', () => {
  it('adds a site, watches its crawl end without a reload, announced, and shows its pages with states and reasons', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    await screen.findByRole('region', { name: 'Website' });
    expect(await within(section()).findByText('No websites yet')).toBeTruthy();
    await waitFor(() =>
      expect(api.received(`institution-product/${assistant.id}/events`, 'GET')).toHaveLength(1),
    );

    await user.type(within(section()).getByLabelText(/^Website address/), `${site.url}/`);
    await user.click(within(section()).getByRole('button', { name: 'Add website' }));
    // At once: the site is listed as being crawled, and "Sync now" waits for the crawl.
    const row = (await within(section()).findByRole('link', { name: `${site.url}/` })).closest('tr')!;
    expect(within(row).getByText('Crawling')).toBeTruthy();
    expect(
      within(row)
        .getByRole('button', { name: `Reading… ${site.url}/` })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(status().textContent).toBe(
      `${site.url}/ added. Its pages are being read; their states update here by themselves.`,
    );
    expect((within(section()).getByLabelText(/^Website address/) as HTMLInputElement).value).toBe('');

    await waitFor(() => expect(within(sitesTable()).queryByText('Ready')).toBeTruthy(), { timeout: 30_000 });
    // The home page and Admisiones were read; the page robots.txt forbids and the missing one were not.
    expect(within(sitesTable()).getByText(/^2 pages ready, [12] failed$/)).toBeTruthy();
    expect(status().textContent).toMatch(/: Ready\. 2 pages ready, [12] failed\.$/);
    expect(status().textContent!.startsWith(`${site.url}/: Ready.`)).toBe(true);
    // Live: the sites were read once when the section opened and once when the stream opened, never again.
    expect(api.received(`institution-product/${assistant.id}/website`, 'GET').length).toBeLessThanOrEqual(2);

    await user.click(within(sitesTable()).getByRole('button', { name: `Pages of ${site.url}/` }));
    const pages = await within(section()).findByRole('table', { name: `Pages of ${site.url}/` });
    await waitFor(() => expect(within(pages).getByRole('link', { name: 'Admisiones' })).toBeTruthy());
    const rowOf = (name: string | RegExp) => within(pages).getByRole('link', { name }).closest('tr')!;
    expect(within(rowOf('Admisiones')).getByText('Ready')).toBeTruthy();
    expect(rowOf('Admisiones').querySelector('a')!.getAttribute('href')).toBe(`${site.url}/admisiones/`);
    expect(within(rowOf(`${site.url}/privado/`)).getByText('Skipped')).toBeTruthy();
    expect(
      within(rowOf(`${site.url}/privado/`)).getByText(
        "The site's robots.txt does not allow ConversaBot to read this page. Allow it there if the assistant should learn from it.",
      ),
    ).toBeTruthy();
    expect(
      within(rowOf(`${site.url}/antigua/`)).getByText(
        'The site answers that this page does not exist (404). If it moved, add its new address.',
      ),
    ).toBeTruthy();
    // When each was read, as DD/MM/YYYY HH:mm.
    expect(
      within(rowOf('Admisiones')).getAllByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).length,
    ).toBeGreaterThan(0);

    // Try it answers from the website and cites the page by its title, linked.
    const tryIt = screen.getByRole('region', { name: 'Try it' });
    await user.type(
      within(tryIt).getByLabelText('Your question'),
      '¿Cuándo se presentan las solicitudes de admisión?',
    );
    await user.click(within(tryIt).getByRole('button', { name: 'Ask' }));
    const cited = await within(tryIt).findByRole(
      'link',
      { name: 'Web page: Admisiones' },
      { timeout: 20_000 },
    );
    expect(cited.getAttribute('href')).toBe(`${site.url}/admisiones/`);
  }, 90_000);

  it('says a wrong address under the field and sends nothing; a refused one gets the translated reason', async () => {
    const user = userEvent.setup();
    const { client, assistant, as } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, {
      client,
      locale: 'es',
    });
    const field = await within(await screen.findByRole('region', { name: 'Sitio web' })).findByLabelText(
      /^Dirección del sitio web/,
    );
    await user.type(field, 'no es una web');
    await user.click(screen.getByRole('button', { name: 'Añadir sitio web' }));
    expect(await screen.findByText('Debe ser una URL válida (https://www.school.edu).')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(api.received(`institution-product/${assistant.id}/website`, 'POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'file:///etc/passwd');
    await user.click(screen.getByRole('button', { name: 'Añadir sitio web' }));
    expect(
      await screen.findByText(
        'Esta dirección no se puede rastrear: usa una dirección http o https pública, sin usuario ni contraseña.',
        { exact: false },
      ),
    ).toBeTruthy();
    expect(await sites(as, assistant.id)).toEqual([]);
  });

  it('changes the settings, syncs now, and removes a site after confirming (Cancel keeps it)', async () => {
    const user = userEvent.setup();
    const { client, assistant, as } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    await screen.findByRole('region', { name: 'Website' });
    await within(section()).findByText('No websites yet');
    await user.click(within(section()).getByRole('button', { name: 'More options' }));
    await user.type(within(section()).getByLabelText(/^Website address/), site.url);
    await user.selectOptions(within(section()).getByLabelText(/^Read it again/), 'Only when I sync it');
    await user.type(within(section()).getByLabelText(/^Leave out pages under/), 'privado/');
    await user.click(within(section()).getByRole('button', { name: 'Add website' }));
    // A pattern must start with "/": said under its field, nothing sent.
    expect(await within(section()).findByText('This value is not valid.')).toBeTruthy();
    expect(await sites(as, assistant.id)).toEqual([]);
    await user.clear(within(section()).getByLabelText(/^Leave out pages under/));
    await user.type(within(section()).getByLabelText(/^Leave out pages under/), '/privado/');
    await user.click(within(section()).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(within(sitesTable()).queryByText('Ready')).toBeTruthy(), { timeout: 30_000 });
    const [added] = await sites(as, assistant.id);
    expect(added).toMatchObject({ url: home(), schedule: 'never', exclude: ['/privado/'] });
    expect(within(sitesTable()).getByText('Only when I sync it')).toBeTruthy();

    await user.click(within(sitesTable()).getByRole('button', { name: `Settings of ${home()}` }));
    const dialog = await screen.findByRole('dialog', { name: `Settings of ${home()}` });
    await user.selectOptions(within(dialog).getByLabelText(/^Read it again/), 'Every day');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await sites(as, assistant.id))[0]).toMatchObject({ schedule: 'daily', exclude: ['/privado/'] });
    expect(within(sitesTable()).getByText(/^Next: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();

    await user.click(within(sitesTable()).getByRole('button', { name: `Sync now ${home()}` }));
    expect(await within(sitesTable()).findByText('Crawling')).toBeTruthy();
    expect(
      api.received(`institution-product/${assistant.id}/website/${added!.id}/sync`, 'POST'),
    ).toHaveLength(1);
    await waitFor(() => expect(within(sitesTable()).queryByText('Ready')).toBeTruthy(), { timeout: 30_000 });

    await user.click(within(sitesTable()).getByRole('button', { name: `Remove ${home()}` }));
    const confirm = await screen.findByRole('dialog', { name: `Remove the website ${home()}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sites(as, assistant.id)).toHaveLength(1);
    await user.click(within(sitesTable()).getByRole('button', { name: `Remove ${home()}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Delete successfully.')).toBeTruthy();
    expect(await within(section()).findByText('No websites yet')).toBeTruthy();
    expect(await sites(as, assistant.id)).toEqual([]);
  }, 120_000);

  it("proves the site is the institution's with its owner tag: the tag to copy, each check announced, verified", async () => {
    const user = userEvent.setup();
    const own = await startLocalSite({ '/': htmlPage('Colegio Aliso', ['Bienvenidos al Colegio Aliso.']) });
    try {
      const { client, assistant, as } = await api.signedInOwner();
      await api.server.call(`/api/institution-product/${assistant.id}/website`, {
        ...as,
        json: { url: own.url, schedule: 'never' },
      });
      await waitFor(async () => expect((await sites(as, assistant.id))[0]?.state).toBe('ready'), {
        timeout: 30_000,
      });
      const [added] = await sites(as, assistant.id);
      const address = `${own.url}/`;
      renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
      await screen.findByRole('region', { name: 'Website' });
      await user.click(await within(section()).findByRole('button', { name: `Pages of ${address}` }));
      const ownership = await within(section()).findByRole('region', { name: 'Site ownership' });
      expect(within(ownership).getByText(/^Is this site yours\?/).textContent).toContain(`(${address})`);
      const tag = `<meta name="${WEBSITE_OWNER_META}" content="${added!.owner_token}">`;
      expect((within(ownership).getByLabelText('Owner tag') as HTMLInputElement).value).toBe(tag);

      // Not on the home page yet: the check says so, announced and shown with when it was done.
      await user.click(within(ownership).getByRole('button', { name: 'Check the tag' }));
      const missing = `${address}: The tag was not found on the home page. Put it inside <head> exactly as shown, publish the page, and check again.`;
      await waitFor(() => expect(status().textContent).toBe(missing), { timeout: 20_000 });
      expect(
        within(ownership).getByText(/^The tag was not found .* \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/),
      ).toBeTruthy();

      // Put in the page's head: verified, in the block and in the site's row.
      own.pages.set('/', htmlPage('Colegio Aliso', ['Bienvenidos.']).replace('<head>', `<head>${tag}`));
      await user.click(within(ownership).getByRole('button', { name: 'Check the tag' }));
      await waitFor(
        () => expect(status().textContent).toBe(`${address}: The tag was found: the site is yours.`),
        {
          timeout: 20_000,
        },
      );
      expect(within(ownership).getByText('Verified owner')).toBeTruthy();
      expect(within(sitesTable()).getByText('Verified owner')).toBeTruthy();
      expect((await sites(as, assistant.id))[0]!.owner_verified_at).not.toBeNull();
      expect(
        api.received(`institution-product/${assistant.id}/website/${added!.id}/owner-check`, 'POST'),
      ).toHaveLength(2);
    } finally {
      await own.close();
    }
  }, 90_000);

  it('shows the sites to a member who may only read, without the form or the actions', async () => {
    const { client, assistant, as } = await api.signedInOwner();
    await api.server.call(`/api/institution-product/${assistant.id}/website`, {
      ...as,
      json: { url: home(), schedule: 'never' },
    });
    // The owner's own session, with the roles of a member who may read the assistant only.
    client.session.update({ roles: ['order_capture_agent'] });
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    await screen.findByRole('region', { name: 'Website' });
    expect(await within(section()).findByRole('link', { name: home() })).toBeTruthy();
    expect(within(section()).queryByLabelText(/^Website address/)).toBeNull();
    expect(within(section()).queryByRole('button', { name: `Remove ${home()}` })).toBeNull();
    await userEvent.click(within(section()).getByRole('button', { name: `Pages of ${home()}` }));
    // The owner tag is shown, but only a member who may change the site checks it.
    const ownership = await within(section()).findByRole('region', { name: 'Site ownership' });
    expect(within(ownership).getByLabelText('Owner tag')).toBeTruthy();
    expect(within(ownership).queryByRole('button', { name: 'Check the tag' })).toBeNull();
  });
});
