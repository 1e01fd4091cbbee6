import type { AllowedNumber } from '@conversa/contract/sales';
import { ACCESS_TOKEN, PHONE_NUMBER_ID } from '@conversa/server/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConnected, type SignedInOwner } from '../../testing/connected';
import { AllowedNumbersPage } from './allowed-numbers';
import { connectedSalesApi, salesOwner as createSalesOwner } from '../../testing/sales';

// A channel is saved once Meta (a local Graph API peer) confirms its token reads the number.
const api = connectedSalesApi();

const salesOwner = () => createSalesOwner(api);

const stored = async (shop: SignedInOwner, assistantId: number) =>
  (
    await api.server.call<{ data: AllowedNumber[] }>(
      `/api/whatsapp-whitelist/institution-product/${assistantId}`,
      shop.as,
    )
  ).body.data;

describe('AllowedNumbersPage', () => {
  it("adds a number: 'Phone number successfully added.', then it is in the table", async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    expect(await screen.findByText("No numbers yet. Add your sellers' WhatsApp numbers above.")).toBeTruthy();
    await user.type(screen.getByLabelText(/^Phone number(?! ID)/), '+34 612 34 56 78');
    await user.type(screen.getByLabelText(/^Seller name/), 'Lucía Gómez');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(await screen.findByText('Phone number successfully added.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Allowed numbers' });
    expect(await within(table).findByText('+34612345678')).toBeTruthy();
    expect(within(table).getByText('Lucía Gómez')).toBeTruthy();
    expect((screen.getByLabelText(/^Phone number(?! ID)/) as HTMLInputElement).value).toBe('');
    expect((await stored(shop, assistantId)).map((row) => row.phone_number)).toEqual(['+34612345678']);
  });

  it('says the same number twice above the form and an invalid one under its field', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const phone = await screen.findByLabelText(/^Phone number(?! ID)/);
    await user.type(phone, '+34 699 11 22 33');
    await user.type(screen.getByLabelText(/^Seller name/), 'Mario');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await screen.findByText('Phone number successfully added.');

    await user.type(screen.getByLabelText(/^Phone number(?! ID)/), '+34699112233');
    await user.type(screen.getByLabelText(/^Seller name/), 'Otro');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(await screen.findByText('This phone number is already on the list.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Phone number(?! ID)/));
    await user.type(screen.getByLabelText(/^Phone number(?! ID)/), '12');
    // Enter submits from the field itself: no blur, so only the server judges the number.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Invalid phone number.')).toBeTruthy();
    expect(screen.getByLabelText(/^Phone number(?! ID)/).getAttribute('aria-invalid')).toBe('true');
    expect(await stored(shop, assistantId)).toHaveLength(1);
  });

  it('deletes the selected numbers after a confirmation', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    for (const [number, name] of [
      ['+34611000001', 'Ana'],
      ['+34611000002', 'Berta'],
      ['+34611000003', 'Carla'],
    ]) {
      await api.server.call('/api/whatsapp-whitelist', {
        method: 'POST',
        ...shop.as,
        json: { institution_product_id: assistantId, phone_number: number, seller_name: name },
      });
    }
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const table = await screen.findByRole('table', { name: 'Allowed numbers' });
    await within(table).findByText('Ana');
    await user.click(within(table).getByRole('checkbox', { name: 'Select +34611000001' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select +34611000002' }));
    expect(screen.getByText('2 numbers selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 numbers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Phone number successfully deleted.')).toBeTruthy();
    expect((await stored(shop, assistantId)).map((row) => row.seller_name)).toEqual(['Carla']);
    await user.click(within(table).getByRole('button', { name: 'Delete +34611000003' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete +34611000003?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText("No numbers yet. Add your sellers' WhatsApp numbers above.")).toBeTruthy();
  });

  it('saves the WhatsApp channel: the secrets are stored, never shown again', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<AllowedNumbersPage assistantId={assistantId} />, { client: shop.client });
    const card = await screen.findByRole('region', { name: 'WhatsApp channel' });
    expect(((await within(card).findByLabelText('Callback URL')) as HTMLInputElement).value).toMatch(
      /\/api\/whatsapp\/webhook$/,
    );
    await user.type(within(card).getByLabelText(/^Phone number ID/), PHONE_NUMBER_ID);
    await user.type(within(card).getByLabelText(/^Access token/), ACCESS_TOKEN);
    await user.type(within(card).getByLabelText(/^App secret/), 'app-secret-value');
    await user.type(within(card).getByLabelText(/^Verify token/), 'my-verify-token');
    await user.click(within(card).getByRole('button', { name: 'Save WhatsApp settings' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    // The secrets leave the form; each says it is stored.
    expect((within(card).getByLabelText(/^Access token/) as HTMLInputElement).value).toBe('');
    expect(within(card).getAllByText('Stored. Leave blank to keep it.')).toHaveLength(3);
    const stored = await api.server.call<{ data: Record<string, unknown> }>(
      `/api/institution-product/${assistantId}/whatsapp`,
      shop.as,
    );
    expect(stored.body.data).toMatchObject({
      phone_number_id: PHONE_NUMBER_ID,
      access_token_set: true,
      app_secret_set: true,
      verify_token_set: true,
    });
    expect(JSON.stringify(stored.body)).not.toContain(ACCESS_TOKEN);
  });

  it('is not found for an assistant that is not sales support, and speaks Spanish', async () => {
    const shop = await api.signedInOwner('business');
    renderConnected(<AllowedNumbersPage assistantId={shop.assistant.id} />, {
      client: shop.client,
      locale: 'es',
    });
    expect(await screen.findByRole('heading', { name: 'Números permitidos', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No encontrado')).toBeTruthy();
  });
});
