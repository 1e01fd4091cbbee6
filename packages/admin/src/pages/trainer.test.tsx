import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderConsole, resetToasts, signedInOwner, startApi, type TestApi } from '../testing/render-console';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(resetToasts);

const meta = (key: string) => document.head.querySelector(`meta[property="${key}"]`)?.getAttribute('content');

describe('the trainer routes', () => {
  it.each([
    ['/pre-sales/trainer/ID', 'Trainer', 'Overview'],
    ['/pre-sales/trainer/knowledge-base/ID', 'Knowledge base', 'Knowledge Base'],
    ['/pre-sales/trainer/faqs/ID', 'FAQs', 'FAQs'],
    ['/pre-sales/trainer/handoff/ID', 'Handoff details', 'Handoff Details'],
    ['/pre-sales/trainer/test-questions/ID', 'Test questions', 'Test questions'],
  ])('%s shows the assistant under "%s | Conversa", on its tab', async (pattern, title, tab) => {
    const { client, assistant } = await signedInOwner(api);
    const path = pattern.replace('ID', String(assistant.id));
    const view = renderConsole(path, client);
    expect(await screen.findByRole('heading', { name: assistant.product.name, level: 1 })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Trainer' });
    expect(within(tabs).getByRole('link', { name: tab }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe(`${title} | Conversa`));
    expect(meta('og:url')).toBe(`${window.location.origin}${path}`);
    expect(view.location()).toBe(path);
  });

  it('composes the overview with the profile and share cards, and the tabs navigate in the app', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await signedInOwner(api);
    const view = renderConsole(`/pre-sales/trainer/${assistant.id}`, client);
    expect(await screen.findByRole('heading', { name: 'Assistant profile' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Share your assistant' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Training' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Trainer' });
    await user.click(within(tabs).getByRole('link', { name: 'Files' }));
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/knowledge-base/${assistant.id}`));
    const files = await screen.findByRole('heading', { name: 'Files', level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(files));
    // A new page (the knowledge base's) with its own tabs: the Files one is current.
    const current = screen.getByRole('navigation', { name: 'Trainer' });
    expect(within(current).getByRole('link', { name: 'Files' }).getAttribute('aria-current')).toBe('page');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Trainer' })).getByRole('link', {
        name: 'Handoff Details',
      }),
    );
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/handoff/${assistant.id}`));
    expect(await screen.findByLabelText('Contact name')).toBeTruthy();
  });

  it('serves the sales-support trainer and knowledge base', async () => {
    const { client, institution, token } = await signedInOwner(api, { kind: 'business' });
    const created = await api.server.call<{ data: { id: number } }>('/api/institution-product', {
      token,
      institution: institution.id,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    const id = created.body.data.id;
    renderConsole(`/sales-support/knowledge-base/${id}`, client);
    expect(await screen.findByRole('heading', { name: 'Ventas', level: 1 })).toBeTruthy();
    expect(await screen.findByLabelText('Knowledge base text')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Knowledge base | Conversa'));
  });

  it("says 'Not found' for another institution's assistant and for an id that is not a number", async () => {
    const theirs = await signedInOwner(api);
    const { client } = await signedInOwner(api);
    const view = renderConsole(`/pre-sales/trainer/faqs/${theirs.assistant.id}`, client);
    expect(
      await screen.findByText('This assistant does not exist or belongs to another institution.'),
    ).toBeTruthy();
    view.unmount();
    renderConsole('/pre-sales/trainer/knowledge-base/abc', client);
    expect(
      await screen.findByText('This assistant does not exist or belongs to another institution.'),
    ).toBeTruthy();
  });
});
