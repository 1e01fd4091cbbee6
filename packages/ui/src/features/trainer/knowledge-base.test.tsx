import { readFixture } from '@conversa/server/testing';
import type { AssistantFile } from '@conversa/contract/knowledge';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected, resetToasts } from '../../testing/connected';
import { KnowledgeBasePage } from './knowledge-base';

const api = connectedApi();

const fixture = (name: string) =>
  new File([readFixture('documents', name)], name, { type: 'application/pdf' });
const input = () => screen.getByTestId('file-input') as HTMLInputElement;
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const status = () =>
  screen.getAllByRole('status').find((node) => node.getAttribute('aria-live') === 'polite')!;

async function files(token: string, institution: number, assistant: number) {
  const { body } = await api.server.call<{ data: AssistantFile[] }>(
    `/api/institution-product/${assistant}/file`,
    {
      token,
      institution,
    },
  );
  return body.data;
}

describe('KnowledgeBasePage', () => {
  it("shows the assistant's name, the tabs, and saves the text with 'Update successfully.'", async () => {
    const user = userEvent.setup();
    const { client, user: account, institution, assistant } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    expect(await screen.findByRole('heading', { name: assistant.product.name, level: 1 })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Trainer' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Knowledge Base',
      'FAQs',
      'Files',
      'Handoff Details',
      'Test questions',
    ]);
    expect(screen.getByRole('link', { name: 'Knowledge Base' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Files' }).getAttribute('href')).toBe(
      `/pre-sales/trainer/knowledge-base/${assistant.id}#files`,
    );
    const text = await screen.findByLabelText('Knowledge base text');
    expect(screen.getByText('0 / 100,000 characters')).toBeTruthy();
    await user.type(text, 'Matrícula abierta en marzo.');
    expect(screen.getByText('27 / 100,000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save knowledge base' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    const { body } = await api.server.call<{ data: { text: string } }>(
      `/api/institution-product/${assistant.id}/knowledge-base`,
      { token: account.token, institution: institution.id },
    );
    expect(body.data.text).toBe('Matrícula abierta en marzo.');
  });

  it('uploads a real PDF and shows it go from processing to ready without a reload, announced', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    expect(await screen.findByText('No files yet')).toBeTruthy();
    await waitFor(() => expect(api.server.events.listenerCount(`file:${assistant.id}`)).toBe(1));
    await user.upload(input(), fixture('pdfjs_two_paragraphs_plain.pdf'));
    expect(screen.getByRole('list', { name: 'Chosen files' }).textContent).toContain(
      'pdfjs_two_paragraphs_plain.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    // The answer lists it as processing at once; then the server's event turns it ready.
    const row = await screen.findByRole('cell', { name: 'pdfjs_two_paragraphs_plain.pdf' });
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
    const tr = row.closest('tr') as HTMLElement;
    expect(within(tr).getByText('PDF')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          within(rowOf('pdfjs_two_paragraphs_plain.pdf')).queryByText('All set! Your file is ready to use'),
        ).toBeTruthy(),
      {
        timeout: 20_000,
      },
    );
    expect(status().textContent).toBe('pdfjs_two_paragraphs_plain.pdf: All set! Your file is ready to use.');
    expect(api.received(`institution-product/${assistant.id}/file`, 'GET').length).toBeLessThanOrEqual(2);
  });

  it('shows an image-only PDF as failed, with what to do about it', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    await screen.findByText('No files yet');
    await waitFor(() => expect(api.server.events.listenerCount(`file:${assistant.id}`)).toBe(1));
    await user.upload(input(), fixture('pdfjs_image_only_no_text.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByRole('cell', { name: 'pdfjs_image_only_no_text.pdf' });
    const reason =
      'This PDF has no text layer (it is a scan or images). Upload a PDF with selectable text or a DOCX.';
    await waitFor(
      () => expect(within(rowOf('pdfjs_image_only_no_text.pdf')).queryByText(reason)).toBeTruthy(),
      {
        timeout: 20_000,
      },
    );
    // SPEC §8's text, with its period: in the row and as the error toast.
    expect(
      within(rowOf('pdfjs_image_only_no_text.pdf')).getByText('The file could not be processed.'),
    ).toBeTruthy();
    const toast = screen
      .getAllByRole('alert')
      .find((node) => node.textContent === 'The file could not be processed.');
    expect(toast).toBeTruthy();
    expect(status().textContent).toBe(
      `pdfjs_image_only_no_text.pdf: The file could not be processed. ${reason}`,
    );
  });

  it("asks for a file, and toasts 'Upload file failed.' with the server's reason for a refused one", async () => {
    const user = userEvent.setup();
    const { client, assistant } = await api.signedInOwner();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    await screen.findByText('No files yet');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('File is required.');
    // Named .pdf, but its bytes are not a PDF: the server checks the content.
    await user.upload(input(), new File(['%PNG not a document'], 'folleto.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload file failed.')).toBeTruthy();
    expect(screen.getByText('folleto.pdf: Only TXT, DOCX and PDF files are allowed.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Chosen files' }).textContent).toContain('folleto.pdf');
    expect(screen.getByText('No files yet')).toBeTruthy();
  });

  it("deletes one file and then the rest in bulk, each after confirming: 'Delete successfully.'", async () => {
    const user = userEvent.setup();
    const { client, user: account, institution, assistant } = await api.signedInOwner();
    const upload = new FormData();
    for (const name of ['a.txt', 'b.txt', 'c.txt']) upload.append('files', new File([`Texto ${name}`], name));
    await api.server.call(`/api/institution-product/${assistant.id}/file`, {
      token: account.token,
      institution: institution.id,
      body: upload,
    });
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, { client });
    await screen.findByRole('cell', { name: 'a.txt' });
    await user.click(screen.getByRole('button', { name: 'Delete a.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a.txt?' });
    // Cancel keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('cell', { name: 'a.txt' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete a.txt' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'a.txt' })).toBeNull());
    expect((await files(account.token, institution.id, assistant.id)).map((f) => f.name).sort()).toEqual([
      'b.txt',
      'c.txt',
    ]);

    resetToasts();
    expect(screen.getByRole('button', { name: 'Delete selected' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByText('2 files selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete 2 files?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Delete successfully.')).toBeTruthy();
    expect(await screen.findByText('No files yet')).toBeTruthy();
    expect(await files(account.token, institution.id, assistant.id)).toEqual([]);
  });

  it('focuses the files section when the Files tab is chosen, and follows plain clicks on tabs in the app', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await api.signedInOwner();
    const onNavigate = vi.fn();
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={onNavigate} showFiles />, {
      client,
    });
    const heading = await screen.findByRole('heading', { name: 'Files', level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Files' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('link', { name: 'FAQs' }));
    expect(onNavigate).toHaveBeenCalledWith(`/pre-sales/trainer/faqs/${assistant.id}`);
  });

  it('has Overview, Knowledge Base, Files and Fields for a sales-support assistant', async () => {
    const { client, user: account, institution } = await api.signedInOwner('business');
    const { body } = await api.server.call<{ data: { id: number } }>('/api/institution-product', {
      token: account.token,
      institution: institution.id,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    renderConnected(<KnowledgeBasePage assistantId={body.data.id} onNavigate={vi.fn()} />, { client });
    await screen.findByRole('heading', { name: 'Ventas', level: 1 });
    const tabs = within(screen.getByRole('navigation', { name: 'Trainer' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Overview', `/sales-support/trainer/${body.data.id}`],
      ['Knowledge Base', `/sales-support/knowledge-base/${body.data.id}`],
      ['Files', `/sales-support/knowledge-base/${body.data.id}#files`],
      ['Fields', `/sales-support/trainer/fields/${body.data.id}`],
    ]);
  });

  it("says 'Not found' for another institution's assistant, and for an id that is not one", async () => {
    const theirs = await api.signedInOwner();
    const { client } = await api.signedInOwner();
    const view = renderConnected(
      <KnowledgeBasePage assistantId={theirs.assistant.id} onNavigate={vi.fn()} />,
      {
        client,
      },
    );
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByText('This assistant does not exist or belongs to another institution.')).toBeTruthy();
    expect(screen.queryByLabelText('Knowledge base text')).toBeNull();
    view.unmount();
    renderConnected(<KnowledgeBasePage assistantId={Number.NaN} onNavigate={vi.fn()} />, { client });
    expect(screen.getByText('Not found')).toBeTruthy();
  });

  it('only reads for a member who may not train the assistant, in Spanish', async () => {
    const { client, assistant } = await api.signedInOwner();
    act(() => client.session.update({ roles: ['order_capture_agent'] }));
    renderConnected(<KnowledgeBasePage assistantId={assistant.id} onNavigate={vi.fn()} />, {
      client,
      locale: 'es',
    });
    const text = await screen.findByLabelText('Texto de la base de conocimiento');
    expect(text.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Subir' })).toBeNull();
    expect(await screen.findByText('Aún no hay archivos')).toBeTruthy();
  });
});
