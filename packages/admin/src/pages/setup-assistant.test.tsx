import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderConsole, resetToasts, signedInOwner, startApi, type TestApi } from '../testing/render-console';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(resetToasts);

describe('/setup-assistant', () => {
  it('is reached from the sidebar, creates an assistant, lists it, and opens its trainer', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await signedInOwner(api, { kind: 'business' });
    const view = renderConsole(`/pre-sales/dashboard/${assistant.id}`, client);
    const [newAssistant] = await screen.findAllByRole('link', { name: 'New assistant' });
    await user.click(newAssistant!);
    await waitFor(() => expect(view.location()).toBe('/setup-assistant'));
    expect(await screen.findByRole('heading', { name: 'Assistant setup', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Assistant setup | Conversa'));

    await user.click(await screen.findByRole('radio', { name: /Sales support assistant/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const name = await screen.findByLabelText(/^Assistant name/);
    await user.clear(name);
    await user.type(name, 'Pedidos Norte{Enter}');
    expect(await screen.findByText('Name was successfully created.')).toBeTruthy();
    // The sidebar lists the new assistant at once.
    expect(
      (await screen.findAllByRole('button', { name: /Sales support, Pedidos Norte/ })).length,
    ).toBeGreaterThan(0);

    await user.click(await screen.findByRole('button', { name: 'Continue without a logo' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await user.click(await screen.findByRole('button', { name: 'Open the trainer' }));
    await waitFor(() => expect(view.location()).toMatch(/^\/sales-support\/trainer\/\d+$/));
    expect(view.location()).not.toBe(`/sales-support/trainer/${assistant.id}`);
  });
});
