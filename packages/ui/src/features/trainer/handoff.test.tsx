import { HANDOFF_CONFIRMATIONS_PER_HOUR } from '@conversa/contract/assistant';
import { validateToken } from '@conversa/data/auth/validate-token';
import { confirmHandoffEmail } from '@conversa/server/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { HandoffPage } from './handoff';

const api = connectedApi();

describe('HandoffPage', () => {
  it("saves the contact details: 'Update successfully.'", async () => {
    const user = userEvent.setup();
    const shop = await api.signedInOwner('business');
    renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    await user.type(await screen.findByLabelText('Contact name'), 'Lucía Pérez');
    await user.type(screen.getByLabelText('Email'), 'Ventas@Tienda.MX');
    await user.type(screen.getByLabelText('Phone number'), '+52 81 1234 5678');
    await user.type(screen.getByLabelText('Opening hours'), 'Lun–vie 9–18 h');
    await user.type(screen.getByLabelText(/^Message/), 'Te contactamos hoy mismo.');
    await user.click(screen.getByRole('button', { name: 'Save handoff details' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    expect((await shop.detail()).handoff).toEqual({
      name: 'Lucía Pérez',
      email: 'ventas@tienda.mx',
      phone: '+528112345678',
      hours: 'Lun–vie 9–18 h',
      message: 'Te contactamos hoy mismo.',
    });
    // The form shows what was saved (the e-mail as the server normalised it).
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ventas@tienda.mx');
  });

  it('shows a new address as waiting for confirmation, resends its link, and drops the notice once confirmed', async () => {
    const user = userEvent.setup();
    const shop = await api.signedInOwner('business');
    const view = renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    await user.type(await screen.findByLabelText('Email'), 'ventas@tienda.example');
    await user.click(screen.getByRole('button', { name: 'Save handoff details' }));
    const pending = (await screen.findByText('Waiting for confirmation')).closest('[role="status"]');
    expect(pending?.textContent).toContain('ventas@tienda.example');
    expect((await shop.detail()).handoff_email_confirmed).toBe(false);
    const mailedTo = async (address: string) =>
      (await api.server.mails()).filter((mail) => mail.to?.some((to) => to.address === address));
    expect(await mailedTo('ventas@tienda.example')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('We sent the confirmation link to the handoff email address.'),
    ).toBeTruthy();
    expect(
      api.received(`institution-product/${shop.assistant.id}/handoff/confirmation`, 'POST'),
    ).toHaveLength(1);
    expect(await mailedTo('ventas@tienda.example')).toHaveLength(2);

    // Confirmed by its link: the page opened again (a fresh client, as after a reload) shows no notice.
    await confirmHandoffEmail(api.server, 'ventas@tienda.example');
    view.unmount();
    const reloaded = api.client();
    reloaded.session.update({ jwt: shop.user.token, institutionId: shop.institution.id });
    await validateToken(reloaded);
    renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: reloaded,
    });
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('ventas@tienda.example');
    await waitFor(() => expect(screen.queryByText('Waiting for confirmation')).toBeNull());
  });

  it("shows the server's 429 when Resend is past the assistant's hourly limit", async () => {
    const user = userEvent.setup();
    const shop = await api.signedInOwner('business');
    await api.server.call(`/api/institution-product/${shop.assistant.id}`, {
      ...shop.as,
      method: 'PUT',
      json: {
        handoff: { name: null, email: 'caja@tienda.example', phone: null, hours: null, message: null },
      },
    });
    for (let i = 1; i < HANDOFF_CONFIRMATIONS_PER_HOUR; i++) {
      await api.server.call(`/api/institution-product/${shop.assistant.id}/handoff/confirmation`, {
        ...shop.as,
        method: 'POST',
      });
    }
    shop.client.session.update({ locale: 'es' });
    renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
      locale: 'es',
    });
    const pending = (await screen.findByText('Esperando confirmación')).closest('[role="status"]');
    expect(pending?.textContent).toContain('caja@tienda.example');
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText(/^Demasiados intentos/)).toBeTruthy();
  });

  it('shows an invalid e-mail under its field and saves nothing', async () => {
    const user = userEvent.setup();
    const shop = await api.signedInOwner('business');
    renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'ventas@tienda');
    await user.click(screen.getByRole('button', { name: 'Save handoff details' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((await shop.detail()).handoff).toBeNull();
  });

  it("shows the server's issue under its field (a phone number it refuses)", async () => {
    const user = userEvent.setup();
    const shop = await api.signedInOwner('business');
    renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    await user.type(await screen.findByLabelText('Phone number'), '12');
    // Enter submits from the field itself: no blur, so only the server judges the number.
    await user.keyboard('{Enter}');
    const phone = screen.getByLabelText('Phone number');
    expect(await screen.findByText('Invalid phone number.')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(api.received(`institution-product/${shop.assistant.id}`, 'PUT')).toHaveLength(1);
    expect((await shop.detail()).handoff).toBeNull();
  });

  it('speaks Spanish', async () => {
    const shop = await api.signedInOwner('business');
    renderConnected(<HandoffPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
      locale: 'es',
    });
    expect(await screen.findByRole('heading', { name: 'Datos de derivación', level: 2 })).toBeTruthy();
    expect(screen.getByLabelText('Horario de atención')).toBeTruthy();
  });
});
