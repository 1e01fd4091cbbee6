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
  it('is reached from the sidebar, creates a sales-support assistant, lists it, and opens its allowed numbers', async () => {
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

    // No suggested questions for sales support: from the logo straight to the knowledge.
    await user.click(await screen.findByRole('button', { name: 'Continue without a logo' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    // The last step leads to where sellers are added and WhatsApp connected.
    await user.click(await screen.findByRole('button', { name: 'Set up allowed numbers' }));
    await waitFor(() => expect(view.location()).toMatch(/^\/sales-support\/allowed-numbers\/\d+$/));
    expect(view.location()).not.toBe(`/sales-support/allowed-numbers/${assistant.id}`);
    expect(await screen.findByRole('heading', { name: 'Allowed numbers', level: 1 })).toBeTruthy();
  });
});
