import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssistantDetail } from '@conversa/contract/assistant';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { ShareAssistant } from './share-assistant';

const api = connectedApi();

describe('ShareAssistant', () => {
  it('copies the public link and the embed snippet, and links to the public page', async () => {
    const user = userEvent.setup();
    // user-event's own clipboard stub reads blobs with a FileReader this test DOM lacks.
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const { client, institution, assistant } = await api.signedInOwner('school');
    renderConnected(<ShareAssistant assistantId={assistant.id} />, { client });
    const link = (await screen.findByLabelText('Public chat link')) as HTMLInputElement;
    expect(link.value).toMatch(new RegExp(`/admissions/${institution.id}$`));
    const [copyLink, copySnippet] = screen.getAllByRole('button', { name: 'Copy' });
    await user.click(copyLink!);
    // On the button and in the toast.
    await waitFor(() => expect(screen.getAllByText('Copied!')).toHaveLength(2));
    expect(copied).toEqual([link.value]);
    await user.click(copySnippet!);
    await waitFor(() => expect(copied).toHaveLength(2));
    expect(copied[1]).toMatch(/^<script src="[^"]+\/embed\.js" data-assistant="[^"]+" async><\/script>$/);
    const open = screen.getByRole('link', { name: /Open the public chat/ });
    expect(open.getAttribute('href')).toBe(link.value);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it('offers no link and no snippet for a sales-support assistant: it has no public chat', async () => {
    const { client, as } = await api.signedInOwner('business');
    const created = await api.server.call<{ data: AssistantDetail }>('/api/institution-product', {
      ...as,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    renderConnected(<ShareAssistant assistantId={created.body.data.id} />, { client });
    expect(
      await screen.findByText(
        'A sales support assistant answers your sellers on WhatsApp: it has no public chat to share.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Public chat link')).toBeNull();
    expect(screen.queryByLabelText('Embed snippet')).toBeNull();
    expect(screen.queryByRole('link', { name: /Open the public chat/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Public link active' })).toBeNull();
  });

  it('turns the public link off and on, saying what visitors see', async () => {
    const user = userEvent.setup();
    const { client, assistant, detail } = await api.signedInOwner('business');
    renderConnected(<ShareAssistant assistantId={assistant.id} />, { client });
    const toggle = await screen.findByRole('switch', { name: 'Public link active' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect((await detail()).public_link_active).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Off: visitors see “Nothing here yet. The chat link is inactive - please contact your institution”.',
    );
    // Keyboard: Space flips it back once the save is over (the switch waits while saving).
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(async () => expect((await detail()).public_link_active).toBe(true));
  });

  it('saves the snippet settings and says so; an invalid website stays on screen, unsent', async () => {
    const user = userEvent.setup();
    const { client, assistant, detail } = await api.signedInOwner('business');
    renderConnected(<ShareAssistant assistantId={assistant.id} />, { client });
    await user.click(await screen.findByRole('button', { name: 'Add a website' }));
    const first = screen.getByLabelText('Website 1');
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.type(first, 'https://shop.example.com/catalogue');
    await user.click(screen.getByRole('button', { name: 'Save snippet settings' }));
    expect(await screen.findByText('Must be a valid URL (https://www.example.com).')).toBeTruthy();
    expect(api.received(`institution-product/${assistant.id}`, 'PUT')).toHaveLength(0);

    await user.clear(first);
    await user.type(first, 'https://shop.example.com/');
    await user.click(screen.getByRole('button', { name: 'Add a website' }));
    await user.click(screen.getByRole('button', { name: 'Add a website' }));
    await user.type(screen.getByLabelText('Website 3'), 'http://localhost:3000');
    const hex = screen.getByLabelText('Launcher colour (hex)');
    await user.clear(hex);
    await user.type(hex, '#12AB34');
    await user.click(screen.getByRole('radio', { name: 'Bottom left' }));
    await user.type(screen.getByLabelText('Greeting'), '¡Hola! ¿En qué te ayudo?');
    await user.click(screen.getByRole('button', { name: 'Save snippet settings' }));
    expect(await screen.findByText('Snippet was successfully updated.')).toBeTruthy();

    expect((await detail()).snippet).toEqual({
      allowed_origins: ['https://shop.example.com', 'http://localhost:3000'],
      color: '#12ab34',
      position: 'left',
      greeting: '¡Hola! ¿En qué te ayudo?',
    });
    // The blank row was dropped, and the saved (normalised) values are shown.
    expect((screen.getByLabelText('Website 1') as HTMLInputElement).value).toBe('https://shop.example.com');
    expect((screen.getByLabelText('Website 2') as HTMLInputElement).value).toBe('http://localhost:3000');
    expect(screen.queryByLabelText('Website 3')).toBeNull();
    expect((screen.getByLabelText('Pick the launcher colour') as HTMLInputElement).value).toBe('#12ab34');

    await user.click(screen.getByRole('button', { name: 'Remove website 1' }));
    await user.click(screen.getByRole('button', { name: 'Save snippet settings' }));
    await waitFor(async () =>
      expect((await detail()).snippet.allowed_origins).toEqual(['http://localhost:3000']),
    );
  });

  it('only reads for members who may not train the assistant', async () => {
    const { client, assistant } = await api.signedInOwner('school');
    client.session.update({ roles: ['admissions_agent'] });
    renderConnected(<ShareAssistant assistantId={assistant.id} />, { client });
    const toggle = await screen.findByRole('switch', { name: 'Public link active' });
    expect(toggle.hasAttribute('disabled') || toggle.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.queryByRole('button', { name: 'Save snippet settings' })).toBeNull();
    expect(screen.getByText('Only members who train the assistant can change these settings.')).toBeTruthy();
  });

  it("shows another institution's assistant as not found", async () => {
    const theirs = await api.signedInOwner('business');
    const { client } = await api.signedInOwner('school');
    renderConnected(<ShareAssistant assistantId={theirs.assistant.id} />, { client });
    expect(
      await screen.findByText('This assistant does not exist, or it belongs to another institution.'),
    ).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { client, assistant } = await api.signedInOwner('school');
    renderConnected(<ShareAssistant assistantId={assistant.id} />, { client, locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Comparte tu asistente' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Enlace público activo' })).toBeTruthy();
  });
});
