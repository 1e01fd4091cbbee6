import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { API, fail, forever, signedIn, withData } from '../../testing/stories';
import { assistant, eventStream, trainerHandlers } from './story-fixtures';
import { crawlFinishes, pausedWebsite } from './website-story-fixtures';
import { WebsiteSection } from './website-section';

const meta = {
  title: 'Features/Trainer/Website',
  component: WebsiteSection,
  tags: ['autodocs'],
  args: { assistantId: assistant.id, editable: true },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof WebsiteSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A site ready (some pages failed), one being crawled, one that could not be read at all. */
export const Sites: Story = {};

/** A crawl paused until tomorrow: the institution's page reads of today are spent; it resumes by itself. */
export const Paused: Story = {
  parameters: { msw: { handlers: trainerHandlers({ sites: [pausedWebsite] }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        /(It resumes by itself on|Se reanuda solo el) \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
      ),
    ).toBeTruthy();
  },
};

/** Paused, in Spanish. */
export const PausedSpanish: Story = { ...Paused, globals: { locale: 'es' } };

/** Paused because the site's server has had the page reads of the day from every institution together. */
export const PausedForTheHost: Story = {
  parameters: {
    msw: { handlers: trainerHandlers({ sites: [{ ...pausedWebsite, reason: 'host_budget' }] }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/(today's 20,000 page reads|20\.000 lecturas)/)).toBeTruthy();
  },
};

/** Nothing added yet. */
export const Empty: Story = { parameters: { msw: { handlers: trainerHandlers({ sites: [] }) } } };

export const Waiting: Story = {
  parameters: {
    msw: { handlers: [http.get(`${API}/institution-product/:id/website`, forever), ...trainerHandlers()] },
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/website`, () =>
          fail(500, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
        ),
        ...trainerHandlers(),
      ],
    },
  },
};

/** Members without `trainer.manage` see the sites and their pages, and change nothing. */
export const ReadOnly: Story = { args: { editable: false } };

/** A site's pages: read, being read, skipped by robots.txt, and failed for each reason. */
export const Pages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(Pages of|Páginas de) https:\/\/www\.colegiosol\.es\// }),
    );
    await canvas.findByRole('table', { name: /Pages of|Páginas de/ });
  },
};

/** A site whose owner is verified: its pages say since when, with the tag to keep on its home page. */
export const VerifiedOwner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(Pages of|Páginas de) https:\/\/www\.colegiosol\.es\// }),
    );
    await canvas.findByRole('heading', { name: /Site ownership|Propiedad del sitio/ });
  },
};

/**
 * A site held back by its server's shared page reads, whose owner tag was not found on its home
 * page: the tag to copy, what the last check found, and a new check asked for.
 */
export const OwnerTagMissing: Story = {
  parameters: {
    msw: {
      handlers: trainerHandlers({
        sites: [
          {
            ...pausedWebsite,
            reason: 'host_budget',
            owner_check: 'tag_missing',
            owner_checked_at: '2025-03-04T10:15:00.000Z',
          },
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(Pages of|Páginas de) https:\/\/www\.colegiosol\.es\// }),
    );
    await canvas.findByText(/(The tag was not found|No se encontró la etiqueta)/);
    await userEvent.click(await canvas.findByRole('button', { name: /Check the tag|Comprobar la etiqueta/ }));
    await canvas.findByRole('button', { name: /Checking…|Comprobando…/ });
  },
};

/** The crawl being read finishes while watching: its next page turns ready, then the site (pushed, no reload). */
export const LiveUpdate: Story = {
  parameters: { msw: { handlers: trainerHandlers({ events: eventStream(crawlFinishes) }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(Pages of|Páginas de) https:\/\/blog\./ }),
    );
  },
};

/** An address that is not one: said under the field, nothing sent. */
export const InvalidAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /Website address|Dirección del sitio web/ }),
      'not a site',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^Add website$|^Añadir sitio web$/ }));
  },
};

/** An address on a private network: the server refuses it with `url_not_allowed`, said under the field. */
export const RefusedAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /Website address|Dirección del sitio web/ }),
      'http://192.168.1.10/',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^Add website$|^Añadir sitio web$/ }));
  },
};

/** The add form with the crawl's settings open. */
export const MoreOptions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /More options|Más opciones/ }));
  },
};

/** A site's settings: pages, schedule, include and exclude. */
export const Settings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(Settings of|Configuración de) https:\/\/blog\./ }),
    );
  },
};

/** Removing asks first. */
export const ConfirmRemove: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /(Remove|Quitar) https:\/\/www\./ }));
    await expect(await within(document.body).findByRole('dialog')).toBeTruthy();
  },
};

export const Spanish: Story = { globals: { locale: 'es' } };
