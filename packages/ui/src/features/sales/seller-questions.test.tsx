import type { AssistantListItem } from '@conversa/contract/assistant';
import { recordSellerQuestion } from '@conversa/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { AllowedNumbersPage } from './allowed-numbers';

const api = connectedApi();

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

describe("Sellers' questions", () => {
  it('says there are none yet', async () => {
    const { shop, assistantId } = await salesOwner();
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const section = await screen.findByRole('region', { name: "Sellers' questions" });
    expect(await within(section).findByText('No seller has asked a question yet.')).toBeTruthy();
  });

  it('shows each question and its answer as a transcript, by seller, a page at a time', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    const ref = { institutionId: shop.institution.id, assistantId };
    await recordSellerQuestion(api.server, ref, {
      from: '+34612345678',
      question: '¿Hay sillas en roble?',
      answer: 'Sí: en negro, blanco y roble.',
    });
    await recordSellerQuestion(api.server, ref, {
      from: '+34699000111',
      question: '¿Cuánto tarda el envío?',
      answer: 'Entre tres y cinco días laborables.',
    });
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const section = await screen.findByRole('region', { name: "Sellers' questions" });
    const known = await within(section).findByRole('list', { name: 'Question from Lucía Gómez' });
    const bubbles = within(known).getAllByRole('listitem');
    expect(bubbles.map((bubble) => bubble.textContent)).toEqual([
      expect.stringMatching(/^Lucía Gómez · .+¿Hay sillas en roble\?$/),
      expect.stringMatching(/^Assistant · .+Sí: en negro, blanco y roble\.$/),
    ]);
    // A number no longer on the list is named by its number.
    expect(within(section).getByRole('list', { name: 'Question from +34699000111' })).toBeTruthy();

    await user.selectOptions(within(section).getByLabelText(/Rows per page/), '5');
    expect(within(section).getByText('1–2 of 2')).toBeTruthy();
    await waitFor(() =>
      expect(within(section).getAllByRole('list', { name: /^Question from / })).toHaveLength(2),
    );
  });
});
