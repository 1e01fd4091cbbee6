import type { AssistantSummary } from '@conversa/data/assistants/assistant-summary';
import { validateToken } from '@conversa/data/auth/validate-token';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, postInstitution, renderConnected } from '../../testing/connected';
import { ConsoleHome, homePath } from './console-home';

const assistant = (id: number, type: AssistantSummary['type']): AssistantSummary => ({
  id,
  type,
  externalId: `p${id}`,
  institutionId: 1,
  name: `Assistant ${id}`,
  logo: null,
});

describe('homePath', () => {
  it("is the first assistant's trainer, by the assistant's type, for those who train", () => {
    expect(homePath([assistant(4, 'admission')], ['main'])).toBe('/pre-sales/trainer/4');
    expect(homePath([assistant(5, 'retail'), assistant(6, 'sales_support')], ['main'])).toBe(
      '/pre-sales/trainer/5',
    );
    expect(homePath([assistant(6, 'sales_support'), assistant(5, 'retail')], ['communication'])).toBe(
      '/sales-support/trainer/6',
    );
  });

  it("is what the role's menu offers first", () => {
    const both = [assistant(5, 'admission'), assistant(6, 'sales_support')];
    expect(homePath(both, ['lead_entry_agent'])).toBe('/sales-support/leads/6');
    expect(homePath(both, ['order_capture_agent'])).toBe('/sales-support/orders/6');
    expect(homePath(both, ['admissions_agent'])).toBe('/pre-sales/dashboard/5');
  });

  it('is the setup when there is no assistant', () => {
    expect(homePath([], ['main'])).toBe('/setup-assistant');
  });

  it("picks the area's first assistant for an area index, else any assistant", () => {
    const both = [assistant(5, 'retail'), assistant(6, 'sales_support')];
    expect(homePath(both, ['main'], 'sales-support')).toBe('/sales-support/trainer/6');
    expect(homePath(both, ['main'], 'pre-sales')).toBe('/pre-sales/trainer/5');
    expect(homePath([assistant(5, 'retail')], ['main'], 'sales-support')).toBe('/pre-sales/trainer/5');
    expect(homePath(both, ['lead_entry_agent'], 'pre-sales')).toBe('/sales-support/leads/6');
  });
});

const api = connectedApi();

describe('ConsoleHome', () => {
  it("resolves to the institution's first assistant once the assistants arrive", async () => {
    const { client, user } = await api.signedIn();
    await postInstitution(api, user.token);
    await validateToken(client);
    const onResolved = vi.fn();
    renderConnected(<ConsoleHome onResolved={onResolved} />, { client });
    expect(screen.getByRole('status', { name: 'Opening the console…' })).toBeTruthy();
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    expect(onResolved.mock.calls[0]![0]).toMatch(/^\/pre-sales\/trainer\/\d+$/);
  });

  it('resolves to the setup without an institution', async () => {
    const { client } = await api.signedIn();
    const onResolved = vi.fn();
    renderConnected(<ConsoleHome onResolved={onResolved} />, { client });
    await waitFor(() => expect(onResolved).toHaveBeenCalledWith('/setup-assistant'));
  });

  it('resolves to Change institution for a platform admin without a membership', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    expect(client.session.getSnapshot()).toMatchObject({ institutionId: null, roles: ['admin'] });
    const onResolved = vi.fn();
    renderConnected(<ConsoleHome onResolved={onResolved} />, { client });
    await waitFor(() => expect(onResolved).toHaveBeenCalledWith('/change-institution'));
  });

  it('says so and offers a retry when the assistants cannot be loaded', async () => {
    const user = userEvent.setup();
    // The connection drops for the assistant list (SWR's retries included), then comes back.
    let offline = true;
    const { client, assistant } = await api.signedInOwner('school', {
      fetch: (input, init) =>
        offline && String(input instanceof Request ? input.url : input).endsWith('/product')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : fetch(input, init),
    });
    const onResolved = vi.fn();
    renderConnected(<ConsoleHome onResolved={onResolved} />, { client, locale: 'es' });
    expect(
      await screen.findByText(
        'No se pudo cargar la consola. Revisa tu conexión e inténtalo de nuevo.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(onResolved).not.toHaveBeenCalled();
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(onResolved).toHaveBeenCalledWith(`/pre-sales/trainer/${assistant.id}`));
  });
});
