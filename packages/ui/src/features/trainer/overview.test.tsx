import { validateToken } from '@conversa/data/auth/validate-token';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  postInstitution,
  renderConnected,
  resetToasts,
  startApi,
  type TestApi,
} from '../../testing/connected';
import { TrainerOverviewPage } from './overview';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(() => resetToasts());

async function owner(kind: 'school' | 'business' = 'school') {
  const { client, user } = await api.signedIn();
  const institution = await postInstitution(api, user.token, { kind, name: 'Colegio Resumen' });
  await validateToken(client);
  const auth = { token: user.token, institution: institution.id };
  const listed = await api.server.call<{ data: { id: number }[] }>(
    `/api/institution/${institution.id}/product`,
    auth,
  );
  return { client, auth, id: listed.body.data[0]!.id };
}

const slots = {
  renderProfile: (assistant: { product: { name: string } }) => <p>Profile of {assistant.product.name}</p>,
  renderShare: (assistant: { public_url: string }) => <p>Share {assistant.public_url}</p>,
};

describe('TrainerOverviewPage', () => {
  it('sums up the training with links to each tab, and puts the profile and share cards around it', async () => {
    const user = userEvent.setup();
    const school = await owner();
    await api.server.call(`/api/institution-product/${school.id}/faq`, {
      ...school.auth,
      method: 'PUT',
      json: { faqs: [{ question: '¿Hay ruta?', answer: 'Sí.' }] },
    });
    await api.server.call(`/api/institution-product/${school.id}/knowledge-base`, {
      ...school.auth,
      method: 'PUT',
      json: { text: 'Abrimos a las 8.' },
    });
    await api.server.call(`/api/institution-product/${school.id}`, {
      ...school.auth,
      method: 'PUT',
      json: { suggested_questions: ['¿Horario?'], handoff: { email: 'info@colegio.es' } },
    });
    const onNavigate = vi.fn();
    renderConnected(<TrainerOverviewPage productId={school.id} onNavigate={onNavigate} {...slots} />, {
      client: school.client,
    });
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
    await waitFor(() => expect(api.server.events.listenerCount(`file:${school.id}`)).toBe(1));
    const upload = new FormData();
    upload.append('files', new File(['El colegio abre a las 8 y cierra a las 17.'], 'horario.txt'));
    await api.server.call(`/api/institution-product/${school.id}/file`, { ...school.auth, body: upload });
    await waitFor(() => expect(step('Files').textContent).toContain('1 ready'), { timeout: 20_000 });

    await user.click(step('FAQs'));
    expect(onNavigate).toHaveBeenCalledWith(`/pre-sales/trainer/faqs/${school.id}`);
  });

  it('leaves the share card and the pre-sales tabs out for sales support', async () => {
    const shop = await owner('business');
    const created = await api.server.call<{ data: { id: number } }>('/api/institution-product', {
      ...shop.auth,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    renderConnected(
      <TrainerOverviewPage productId={created.body.data.id} onNavigate={vi.fn()} {...slots} />,
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
