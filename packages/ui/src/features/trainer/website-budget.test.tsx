import { htmlPage, type LocalSite, startLocalSite } from '@conversa/data/testing/local-site';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { KnowledgeBasePage } from './knowledge-base';

// Three requests a day for the institution: robots.txt, the sitemap and the home page.
const api = connectedApi({ env: { CRAWL_ALLOW_PRIVATE: 'true' }, crawl: { dailyPages: 3 } });
let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite({
    '/': htmlPage('Colegio Ceibo', ['Bienvenidos al Colegio Ceibo.'], ['/admisiones/']),
    '/admisiones/': htmlPage('Admisiones', ['Las solicitudes de admisión se presentan en marzo.']),
  });
});
afterAll(() => site.close());

const section = () => screen.getByRole('region', { name: /^(Website|Sitio web)$/ });
const sitesTable = () => within(section()).getByRole('table', { name: /^(Websites|Sitios web)$/ });
const resumes = /(It resumes by itself on|Se reanuda solo el) \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/;

describe("Website section, when the institution's pages of the day are spent", () => {
  it('shows the crawl paused, why, and when it resumes by itself, in English and Spanish', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await api.signedInOwner();
    const view = renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, {
      client,
    });
    await screen.findByRole('region', { name: 'Website' });
    await within(section()).findByText('No websites yet');
    await user.type(within(section()).getByLabelText(/^Website address/), `${site.url}/`);
    await user.click(within(section()).getByRole('button', { name: 'Add website' }));

    await waitFor(() => expect(within(sitesTable()).queryByText('Paused')).toBeTruthy(), { timeout: 30_000 });
    const row = within(sitesTable())
      .getByRole('link', { name: `${site.url}/` })
      .closest('tr')!;
    const reason = within(row).getByText(/page reads, so reading stopped where it was/);
    expect(reason.textContent).toMatch(
      /^Your institution's websites have used today's 5,000 page reads, so reading stopped where it was\. Nothing learnt is lost\. /,
    );
    expect(reason.textContent).toMatch(resumes);
    expect(within(row).getByText('1 page ready')).toBeTruthy();
    // Nothing to start by hand: the crawl goes on by itself.
    expect(
      within(row)
        .getByRole('button', { name: `Reading… ${site.url}/` })
        .hasAttribute('disabled'),
    ).toBe(true);
    // Said to a screen reader too, once it is paused.
    const status = within(section())
      .getAllByRole('status')
      .find((node) => node.getAttribute('aria-live') === 'polite')!;
    await waitFor(() => expect(status.textContent).toMatch(/: Paused\. 1 page ready\. Your institution's/));
    view.unmount();

    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, {
      client,
      locale: 'es',
    });
    await screen.findByRole('region', { name: 'Sitio web' });
    const spanish = await within(section()).findByText(/lecturas de páginas de hoy/);
    // Spanish groups thousands from five digits on (CLDR): 5000.
    expect(spanish.textContent).toMatch(/ las 5000 lecturas /);
    expect(spanish.textContent).toMatch(resumes);
    expect(within(sitesTable()).getByText('En pausa')).toBeTruthy();
  }, 90_000);
});
