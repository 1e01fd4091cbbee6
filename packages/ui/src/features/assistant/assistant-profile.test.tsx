import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { AssistantProfile } from './assistant-profile';
import { PNG_BYTES, pngFile, spoofedPng } from './testing-files';

const api = connectedApi();

describe('AssistantProfile', () => {
  it('renames the assistant and toasts the documented text; a blank name is refused in place', async () => {
    const user = userEvent.setup();
    const { client, assistant, detail } = await api.signedInOwner('business');
    renderConnected(<AssistantProfile assistantId={assistant.id} />, { client });
    expect(await screen.findByText('Pre-sales assistant')).toBeTruthy();
    const name = screen.getByLabelText(/^Assistant name/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.type(name, '  Tienda Norte  {Enter}');
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    expect((await detail()).product.name).toBe('Tienda Norte');
    expect((name as HTMLInputElement).value).toBe('Tienda Norte');
  });

  it('uploads a real PNG and shows it from its public URL; a disguised SVG never leaves the browser', async () => {
    const user = userEvent.setup();
    const { client, assistant, detail } = await api.signedInOwner('school');
    renderConnected(<AssistantProfile assistantId={assistant.id} />, { client });
    expect(await screen.findByText('No logo yet.')).toBeTruthy();
    const input = screen.getByTestId('logo-input');

    await user.upload(input, spoofedPng());
    expect(await screen.findByText('Only JPEG and PNG files are allowed.')).toBeTruthy();
    expect(api.received(`institution-product/${assistant.id}/logo`, 'POST')).toHaveLength(0);

    await user.upload(input, pngFile('escudo.png'));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    const logo = (await screen.findByRole('img', { name: 'Current logo' })) as HTMLImageElement;
    expect(logo.src).toBe((await detail()).product.logo);
    expect(screen.queryByText('Only JPEG and PNG files are allowed.')).toBeNull();
    // Served by the real server (its public URL's host is a test name: ask the port we listen on).
    const served = await fetch(`${api.baseUrl}${new URL(logo.src).pathname.replace(/^\/api/, '')}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('summarises the suggested questions and offers to edit them', async () => {
    const user = userEvent.setup();
    const { client, as, assistant } = await api.signedInOwner('school');
    await api.server.call(`/api/institution-product/${assistant.id}`, {
      ...as,
      method: 'PUT',
      json: { suggested_questions: ['¿Cuándo abre la matrícula?', '¿Hay ruta escolar?'] },
    });
    const onEditQuestions = vi.fn();
    renderConnected(<AssistantProfile assistantId={assistant.id} onEditQuestions={onEditQuestions} />, {
      client,
    });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['¿Cuándo abre la matrícula?', '¿Hay ruta escolar?']);
    expect(screen.getByText('2 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit suggested questions' }));
    expect(onEditQuestions).toHaveBeenCalledTimes(1);
  });

  it('says nothing of visitors or suggested questions for a sales-support assistant', async () => {
    const shop = await api.signedInOwner('business');
    const created = await api.server.call<{ data: { id: number } }>('/api/institution-product', {
      ...shop.as,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    renderConnected(<AssistantProfile assistantId={created.body.data.id} onEditQuestions={vi.fn()} />, {
      client: shop.client,
    });
    const name = await screen.findByLabelText(/^Assistant name/);
    expect((name as HTMLInputElement).value).toBe('Ventas');
    expect(screen.getByText('Your team sees this name in the console.')).toBeTruthy();
    expect(screen.queryByText(/visitor/i)).toBeNull();
    expect(screen.queryByText('Suggested questions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit suggested questions' })).toBeNull();
  });

  it('only shows the name and logo to members who may not manage the assistant', async () => {
    const { client, assistant } = await api.signedInOwner('school');
    client.session.update({ roles: ['communication'] });
    renderConnected(<AssistantProfile assistantId={assistant.id} />, { client });
    await waitFor(() => expect(screen.getByLabelText(/^Assistant name/)).toHaveProperty('disabled', true));
    expect(screen.queryByRole('button', { name: 'Save name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose image' })).toHaveProperty('disabled', true);
    expect(
      screen.getByText('No suggested questions yet. They show as buttons when a visitor opens the chat.'),
    ).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { client, assistant } = await api.signedInOwner('school');
    renderConnected(<AssistantProfile assistantId={assistant.id} />, { client, locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Perfil del asistente' })).toBeTruthy();
    expect(await screen.findByText('Asistente de admisiones')).toBeTruthy();
  });
});
