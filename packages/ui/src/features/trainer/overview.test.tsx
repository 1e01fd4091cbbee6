import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { TrainerOverviewPage } from './overview';

const api = connectedApi();

const slots = {
  renderProfile: (assistant: { product: { name: string } }) => <p>Profile of {assistant.product.name}</p>,
  renderShare: (assistant: { public_url: string | null }) => <p>Share {assistant.public_url}</p>,
};

describe('TrainerOverviewPage', () => {
  it('sums up the training with links to each tab, and puts the profile and share cards around it', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner();
    await api.server.call(`/api/institution-product/${school.assistant.id}/faq`, {
      ...school.as,
      method: 'PUT',
      json: { faqs: [{ question: '¿Hay ruta?', answer: 'Sí.' }] },
    });
    await api.server.call(`/api/institution-product/${school.assistant.id}/knowledge-base`, {
      ...school.as,
      method: 'PUT',
      json: { text: 'Abrimos a las 8.' },
    });
    await api.server.call(`/api/institution-product/${school.assistant.id}`, {
      ...school.as,
      method: 'PUT',
      json: { suggested_questions: ['¿Horario?'], handoff: { email: 'info@colegio.es' } },
    });
    const onNavigate = vi.fn();
    renderConnected(
      <TrainerOverviewPage assistantId={school.assistant.id} onNavigate={onNavigate} {...slots} />,
      {
        client: school.client,
      },
    );
    expect(await screen.findByText(/^Profile of /)).toBeTruthy();
    expect(screen.getByText(/^Share http/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    const training = screen.getByRole('region', { name: 'Training' });
    const step = (name: string) => within(training).getByRole('link', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(step('Knowledge Base').textContent).toContain('16 characters'));
    await waitFor(() => expect(step('FAQs').textContent).toContain('1 FAQ · 1 of 3 suggested questions'));
    await waitFor(() => expect(step('Files').textContent).toContain('No files yet'));
    expect(step('Handoff Details').textContent).toContain('Contact set');

    // A file uploaded elsewhere shows up here, live, and becomes ready.
    await waitFor(() => expect(api.server.events.listenerCount(`file:${school.assistant.id}`)).toBe(1));
    const upload = new FormData();
    upload.append('files', new File(['El colegio abre a las 8 y cierra a las 17.'], 'horario.txt'));
    await api.server.call(`/api/institution-product/${school.assistant.id}/file`, {
      ...school.as,
      body: upload,
    });
    await waitFor(() => expect(step('Files').textContent).toContain('1 ready'), { timeout: 20_000 });

    await user.click(step('FAQs'));
    expect(onNavigate).toHaveBeenCalledWith(`/pre-sales/trainer/faqs/${school.assistant.id}`);
  });

  it('leaves the share card and the pre-sales tabs out for sales support', async () => {
    const shop = await api.signedInOwner('business');
    const created = await api.server.call<{ data: { id: number } }>('/api/institution-product', {
      ...shop.as,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    renderConnected(
      <TrainerOverviewPage assistantId={created.body.data.id} onNavigate={vi.fn()} {...slots} />,
      {
        client: shop.client,
      },
    );
    expect(await screen.findByText('Profile of Ventas')).toBeTruthy();
    expect(screen.queryByText(/^Share /)).toBeNull();
    const training = screen.getByRole('region', { name: 'Training' });
    expect(
      within(training)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      `/sales-support/knowledge-base/${created.body.data.id}`,
      `/sales-support/knowledge-base/${created.body.data.id}#files`,
    ]);
  });
});
