import type { AssistantDetail, KnowledgeBase } from '@conversa/contract/assistant';
import type { AssistantFile } from '@conversa/contract/knowledge';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { SetupAssistant } from './setup-assistant';
import { pngFile, spoofedPng } from './testing-files';

const api = connectedApi();

const heading = (name: RegExp | string) => screen.findByRole('heading', { level: 2, name });

describe('SetupAssistant', () => {
  it('sets up a school assistant end to end: name, logo, questions, knowledge, then its trainer', async () => {
    const user = userEvent.setup();
    const { client, as } = await api.signedInOwner('school');
    const onDone = vi.fn();
    const posts = api.received('institution-product', 'POST').length;
    renderConnected(<SetupAssistant onDone={onDone} />, { client });

    // A school has one type: the wizard starts at the name.
    expect(await heading('Step 1 of 5: Name')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    const name = screen.getByLabelText(/^Assistant name/);
    expect((name as HTMLInputElement).value).toBe('Casa school');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Create the assistant' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(api.received('institution-product', 'POST')).toHaveLength(posts);
    await user.type(name, 'Admisiones Sol{Enter}');
    expect(await screen.findByText('Name was successfully created.')).toBeTruthy();
    const created = JSON.parse(api.received('institution-product', 'POST').at(-1)!.body) as unknown;
    expect(created).toEqual({ type: 'admission', name: 'Admisiones Sol' });

    // Logo: the focus moved to the step's heading; a disguised SVG is refused, a real PNG uploads.
    const logoHeading = await heading('Step 2 of 5: Logo');
    await waitFor(() => expect(document.activeElement).toBe(logoHeading));
    const logoInput = screen.getByTestId('logo-input');
    await user.upload(logoInput, spoofedPng());
    expect(await screen.findByText('Only JPEG and PNG files are allowed.')).toBeTruthy();
    await user.upload(logoInput, pngFile());
    const logo = (await screen.findByRole('img', { name: 'Current logo' })) as HTMLImageElement;
    expect(logo.src).toMatch(/\/api\/public\/logo\/[0-9a-f]{32}\.png$/);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Suggested questions: at most three.
    expect(await heading('Step 3 of 5: Suggested questions')).toBeTruthy();
    await user.type(screen.getByLabelText('Question 1'), 'When does enrolment open?');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Question 2')));
    await user.type(screen.getByLabelText('Question 2'), 'How much are the fees?');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByLabelText('Question 3'), '   ');
    expect(screen.getByRole('button', { name: 'Add a question' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/That is the most: up to 3 suggested questions/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // First knowledge: a text and a TXT document.
    expect(await heading('Step 4 of 5: Knowledge')).toBeTruthy();
    await user.type(screen.getByLabelText('Knowledge base'), 'Visits on Tuesdays from 9 to 12.');
    await user.upload(
      screen.getByTestId('file-input'),
      new File(['Fees: 300 euros a month, lunch included.'], 'fees.txt', { type: 'text/plain' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save and finish' }));

    expect(await heading('Step 5 of 5: Done')).toBeTruthy();
    expect(screen.getByText('Suggested questions: 2.')).toBeTruthy();
    expect(screen.getByText(/Documents: 1, being processed/)).toBeTruthy();
    const progress = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem');
    expect(progress.map((item) => item.getAttribute('aria-current'))).toEqual([
      null,
      null,
      null,
      null,
      'step',
    ]);
    await user.click(screen.getByRole('button', { name: 'Open the trainer' }));

    const path = onDone.mock.calls[0]![0] as string;
    const id = Number(/^\/pre-sales\/trainer\/(\d+)$/.exec(path)?.[1]);
    const detail = await api.server.call<{ data: AssistantDetail }>(`/api/institution-product/${id}`, as);
    expect(detail.body.data).toMatchObject({
      product: { type: 'admission', name: 'Admisiones Sol', logo: logo.src },
      suggested_questions: ['When does enrolment open?', 'How much are the fees?'],
    });
    const kb = await api.server.call<{ data: KnowledgeBase }>(
      `/api/institution-product/${id}/knowledge-base`,
      as,
    );
    expect(kb.body.data.text).toBe('Visits on Tuesdays from 9 to 12.');
    const files = await api.server.call<{ data: AssistantFile[] }>(`/api/institution-product/${id}/file`, as);
    expect(files.body.data.map((file) => file.name)).toEqual(['fees.txt']);
  });

  it('offers a business its two types, goes back before creating, and skips the optional steps', async () => {
    const user = userEvent.setup();
    const { client, as } = await api.signedInOwner('business');
    const onDone = vi.fn();
    const posts = api.received('institution-product', 'POST').length;
    renderConnected(<SetupAssistant onDone={onDone} />, { client });

    expect(await heading('Step 1 of 6: Type')).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['retail', 'sales_support']);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Sales support assistant/ }));
    // Sales support has no chat to suggest questions in: that step goes.
    expect(await heading('Step 1 of 5: Type')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Step 2 of 5: Name')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Step 1 of 5: Type')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Sales support assistant/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const name = await screen.findByLabelText(/^Assistant name/);
    expect(
      screen.getByText('Your team sees this name in the console. You can change it later.'),
    ).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Ventas Norte');
    await user.click(screen.getByRole('button', { name: 'Create the assistant' }));
    expect(await heading('Step 3 of 5: Logo')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // Created: the name step renames, and there is no way back to the type.
    expect(await heading('Step 2 of 5: Name')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.type(screen.getByLabelText(/^Assistant name/), ' 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Step 3 of 5: Logo')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue without a logo' }));
    expect(await heading('Step 4 of 5: Knowledge')).toBeTruthy();
    expect(screen.queryByText(/visitor/i)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await heading('Step 5 of 5: Done')).toBeTruthy();
    expect(screen.getByText('Logo: none yet.')).toBeTruthy();
    expect(screen.queryByText(/Suggested questions:/)).toBeNull();
    // Sales support has no public link to share: its sellers reach it on WhatsApp, set up in Allowed numbers.
    expect(
      screen.getByText(
        "Ventas Norte 2 is ready. Add the sellers' WhatsApp numbers and connect its WhatsApp number in Allowed numbers, and keep training it in the trainer.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/link/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set up allowed numbers' }));
    const id = Number(
      /^\/sales-support\/allowed-numbers\/(\d+)$/.exec(onDone.mock.calls[0]![0] as string)?.[1],
    );
    await user.click(screen.getByRole('button', { name: 'Open the trainer' }));
    expect(onDone).toHaveBeenLastCalledWith(`/sales-support/trainer/${id}`);
    const detail = await api.server.call<{ data: AssistantDetail }>(`/api/institution-product/${id}`, as);
    expect(detail.body.data).toMatchObject({
      product: { type: 'sales_support', name: 'Ventas Norte 2', logo: null },
      suggested_questions: [],
    });
    expect(api.received('institution-product', 'POST')).toHaveLength(posts + 1);
    expect(api.received(`institution-product/${id}/knowledge-base`, 'PUT')).toHaveLength(0);
  });

  it('says why it cannot set up: no institution, or a role that may not', async () => {
    const lone = await api.signedIn();
    const { unmount } = renderConnected(<SetupAssistant onDone={() => {}} />, { client: lone.client });
    expect(screen.getByText('You do not belong to an institution yet.')).toBeTruthy();
    unmount();
    const { client } = await api.signedInOwner('school');
    client.session.update({ roles: ['admissions_agent'] });
    renderConnected(<SetupAssistant onDone={() => {}} />, { client });
    expect(screen.getByText("Only the institution's managers can set up assistants.")).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { client } = await api.signedInOwner('business');
    renderConnected(<SetupAssistant onDone={() => {}} />, { client, locale: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Configuración del asistente' }),
    ).toBeTruthy();
    expect(await heading('Paso 1 de 6: Tipo')).toBeTruthy();
  });
});
