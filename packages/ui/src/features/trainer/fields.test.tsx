import type { AssistantListItem } from '@conversa/contract/assistant';
import type { FieldDefinitions } from '@conversa/contract/sales';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { FieldsPage } from './fields';
import { keyFromLabel } from './record-fields';

const api = connectedApi();

/** A business owner with a sales-support assistant. */
async function salesOwner() {
  const shop = await api.signedInOwner('business');
  const created = await api.server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...shop.as,
    json: { type: 'sales_support', name: 'Ventas' },
  });
  return { shop, assistantId: created.body.data.id };
}

/** The fields of `kind` the server holds. */
const stored = async (shop: SignedInOwner, assistantId: number, kind: 'lead' | 'order') =>
  (
    await api.server.call<{ data: FieldDefinitions }>(
      `/api/institution-product/${assistantId}/${kind}-fields`,
      shop.as,
    )
  ).body.data.fields;

const section = (name: string) => screen.getByRole('region', { name });

describe('keyFromLabel', () => {
  it('makes a key of a label as the contract wants it', () => {
    expect(keyFromLabel('Budget (€)')).toBe('budget');
    expect(keyFromLabel('Región de venta')).toBe('region_de_venta');
    expect(keyFromLabel('2nd contact')).toBe('field_2nd_contact');
    expect(keyFromLabel('¿?')).toBe('');
  });
});

describe('FieldsPage', () => {
  it('adds lead fields (key from the label, a list with options), checks them, saves them in order', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<FieldsPage assistantId={assistantId} onNavigate={vi.fn()} />, { client: shop.client });
    await screen.findAllByText('No fields added');
    expect(screen.getByRole('link', { name: 'Fields' }).getAttribute('aria-current')).toBe('page');
    const leads = section('Lead fields');
    expect(within(leads).getByText('Always asked: Company, Contact, Phone, Email, Notes.')).toBeTruthy();

    await user.click(within(leads).getByRole('button', { name: 'Add field' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(leads).getByLabelText(/^Label in English/)),
    );
    await user.keyboard('Budget (€)');
    expect((within(leads).getByLabelText(/^Key/) as HTMLInputElement).value).toBe('budget');
    await user.type(within(leads).getByLabelText(/^Label in Spanish/), 'Presupuesto');
    await user.selectOptions(within(leads).getByLabelText(/^Type/), 'number');
    await user.click(within(leads).getByLabelText(/^Required/));

    await user.click(within(leads).getByRole('button', { name: 'Add field' }));
    const second = within(leads).getAllByRole('listitem')[1]!;
    await user.type(within(second).getByLabelText(/^Label in English/), 'Budget');
    await user.type(within(second).getByLabelText(/^Label in Spanish/), 'Canal');
    await user.selectOptions(within(second).getByLabelText(/^Type/), 'select');
    // Nothing is sent while a list has no options or a key is taken; each says so on its field.
    await user.click(within(leads).getByRole('button', { name: 'Save lead fields' }));
    expect(await within(second).findByText('Add at least one option.')).toBeTruthy();
    await user.type(within(second).getByLabelText(/^Options/), 'Shop{Enter}{Enter}Online ');
    // The list's own rule (keys unique, none a built-in's) is checked once its fields are right.
    await user.click(within(leads).getByRole('button', { name: 'Save lead fields' }));
    expect(await within(second).findByText('Another field already uses this key.')).toBeTruthy();
    expect(await stored(shop, assistantId, 'lead')).toEqual([]);

    const key = within(second).getByLabelText(/^Key/);
    await user.clear(key);
    await user.type(key, 'channel');
    await user.click(within(leads).getByRole('button', { name: 'Move field 2 up' }));
    expect(screen.getByText('Field moved to position 1 of 2.')).toBeTruthy();
    await user.click(within(leads).getByRole('button', { name: 'Save lead fields' }));
    expect(await screen.findByText('Fields were successfully updated.')).toBeTruthy();
    expect(await stored(shop, assistantId, 'lead')).toEqual([
      {
        key: 'channel',
        labels: { en: 'Budget', es: 'Canal' },
        type: 'select',
        required: false,
        options: ['Shop', 'Online'],
      },
      {
        key: 'budget',
        labels: { en: 'Budget (€)', es: 'Presupuesto' },
        type: 'number',
        required: true,
        options: [],
      },
    ]);
    // Once saved, a key stays: the values stored under it are kept.
    await waitFor(() =>
      expect((within(leads).getAllByLabelText(/^Key/)[0] as HTMLInputElement).disabled).toBe(true),
    );
    expect(await stored(shop, assistantId, 'order')).toEqual([]);
  });

  it("shows the server's refusal under the field it names, in Spanish", async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<FieldsPage assistantId={assistantId} onNavigate={vi.fn()} />, {
      client: shop.client,
      locale: 'es',
    });
    const orders = await screen.findByRole('region', { name: 'Campos de los pedidos' });
    await within(orders).findByText('No se añadió ningún campo');
    expect(
      within(orders).getByText(/^Siempre se pregunta: Empresa, Notas, Código, Descripción, Cantidad\.$/),
    ).toBeTruthy();
    await user.click(within(orders).getByRole('button', { name: 'Añadir campo' }));
    await user.type(within(orders).getByLabelText(/^Etiqueta en inglés/), 'Quantity');
    await user.type(within(orders).getByLabelText(/^Etiqueta en español/), 'Unidades');
    await user.click(within(orders).getByRole('button', { name: 'Guardar los campos de los pedidos' }));
    expect(await within(orders).findByText('Otro campo ya usa esta clave.')).toBeTruthy();
    expect(await stored(shop, assistantId, 'order')).toEqual([]);
  });

  it('lets a member without trainer.manage read the fields only, and is not found for other assistants', async () => {
    const { shop, assistantId } = await salesOwner();
    await api.server.call(`/api/institution-product/${assistantId}/lead-fields`, {
      ...shop.as,
      method: 'PUT',
      json: {
        fields: [
          { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: true },
        ],
      },
    });
    const view = renderConnected(<FieldsPage assistantId={shop.assistant.id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
    view.unmount();
    // The session's roles as a member who may read the assistant but not train it.
    act(() => shop.client.session.update({ roles: ['order_capture_agent'] }));
    renderConnected(<FieldsPage assistantId={assistantId} onNavigate={vi.fn()} />, { client: shop.client });
    const label = (await screen.findByLabelText(/^Label in English/)) as HTMLInputElement;
    expect(label.value).toBe('Budget');
    expect(label.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove field 1' })).toBeNull();
  });
});
