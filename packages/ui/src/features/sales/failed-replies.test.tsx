import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FailedReply } from '@conversa/contract/sales';
import { recordFailedReply } from '@conversa/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { AllowedNumbersPage } from './allowed-numbers';

const api = connectedApi();

const UNDELIVERABLE = 'the Graph API refused the message (400): (#131026) Message undeliverable';

/** A business owner, a new sales-support assistant of theirs and one allowed seller. */
async function salesOwner(): Promise<{ shop: SignedInOwner; assistantId: number }> {
  const shop = await api.signedInOwner('business');
  const created = await api.server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...shop.as,
    json: { type: 'sales_support', name: 'Ventas' },
  });
  const assistantId = created.body.data.id;
  await api.server.call('/api/whatsapp-whitelist', {
    method: 'POST',
    ...shop.as,
    json: { institution_product_id: assistantId, phone_number: '+34612345678', seller_name: 'Lucía Gómez' },
  });
  return { shop, assistantId };
}

describe('Replies that could not be sent', () => {
  it('says there are none, in a section of the WhatsApp card', async () => {
    const { shop, assistantId } = await salesOwner();
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const section = await screen.findByRole('region', { name: 'Replies that could not be sent' });
    expect(within(screen.getByRole('region', { name: 'WhatsApp channel' })).getByRole('region')).toBe(
      section,
    );
    expect(await within(section).findByText('No reply has failed.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('lists each failure with its number, seller, reply and error, and sends one again', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    const ref = { institutionId: shop.institution.id, assistantId };
    const id = await recordFailedReply(api.server, ref, {
      to: '+34612345678',
      question: '¿Hay sillas en roble?',
      body: 'Sí: en negro, blanco y roble.',
      error: UNDELIVERABLE,
    });
    await recordFailedReply(api.server, ref, {
      to: null,
      question: null,
      body: 'Only text messages are read.',
      error: 'no access token is set',
    });
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const table = await screen.findByRole('table', { name: 'Replies that could not be sent' });
    const [, newest, older] = await waitFor(() => {
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      return rows;
    });
    expect(within(newest!).getByText('No number (a WhatsApp user ID)')).toBeTruthy();
    expect(within(newest!).getByText('Not on the list')).toBeTruthy();
    expect(within(newest!).queryByRole('button')).toBeNull();
    expect(within(older!).getByText('+34612345678')).toBeTruthy();
    expect(within(older!).getByText('Lucía Gómez')).toBeTruthy();
    expect(within(older!).getByText('Sí: en negro, blanco y roble.')).toBeTruthy();
    expect(within(older!).getByText('Answering: ¿Hay sillas en roble?')).toBeTruthy();
    expect(within(older!).getByText(UNDELIVERABLE)).toBeTruthy();

    await user.click(
      within(older!).getByRole('button', { name: /^Send again: the reply to \+34612345678 of .+$/ }),
    );
    expect(await screen.findByText('The reply is queued to be sent again.')).toBeTruthy();
    // No channel is set up: the job says so, and the reply is a failure again.
    await waitFor(async () => {
      const { body } = await api.server.call<{ data: FailedReply[] }>(
        `/api/institution-product/${assistantId}/whatsapp/failed-replies`,
        shop.as,
      );
      expect(body.data.find((reply) => reply.id === id)?.error).toBe('no access token is set');
    });
  });

  it('speaks Spanish', async () => {
    const { shop, assistantId } = await salesOwner();
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client, locale: 'es' });
    const section = await screen.findByRole('region', { name: 'Respuestas que no se pudieron enviar' });
    expect(await within(section).findByText('No ha fallado ninguna respuesta.')).toBeTruthy();
  });
});
