import { screen } from '@testing-library/react';
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
