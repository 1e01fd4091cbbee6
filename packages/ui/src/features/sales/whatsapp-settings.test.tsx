import { ACCESS_TOKEN, PHONE_NUMBER_ID } from '@conversa/server/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConnected } from '../../testing/connected';
import { connectedSalesApi, salesOwner } from '../../testing/sales';
import { WhatsappSettingsCard } from './whatsapp-settings';

// A channel is saved once Meta (a local Graph API peer) confirms its token reads the number.
const api = connectedSalesApi();

const field = (label: RegExp) => screen.getByLabelText(label);

describe('WhatsappSettingsCard', () => {
  it("shows Meta's refusal of the number under the field, then saves the number the token reads", async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner(api);
    renderConnected(<WhatsappSettingsCard assistantId={assistantId} />, { client: shop.client });
    await user.type(await screen.findByLabelText(/^Phone number ID/), '555000111222');
    await user.type(field(/^Access token/), ACCESS_TOKEN);
    await user.type(field(/^App secret/), 'app-secret-ui');
    await user.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    expect(
      await screen.findByText(
        "Meta does not confirm that this phone number ID belongs to the access token. Check both in your app in Meta's developer console.",
      ),
    ).toBeTruthy();
    expect(field(/^Phone number ID/).getAttribute('aria-invalid')).toBe('true');

    await user.clear(field(/^Phone number ID/));
    // The secrets typed are kept after a refusal: only the number changes.
    await user.type(field(/^Phone number ID/), PHONE_NUMBER_ID);
    await user.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    expect((await screen.findAllByText('Stored. Leave blank to keep it.')).length).toBe(2);
    const saved = await api.server.call<{ data: { phone_number_id: string } }>(
      `/api/institution-product/${assistantId}/whatsapp`,
      shop.as,
    );
    expect(saved.body.data.phone_number_id).toBe(PHONE_NUMBER_ID);
  });
});
