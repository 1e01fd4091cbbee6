import type { Institution } from '@conversa/contract/institution';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { AboutInstitutionPage } from './about-institution';

const api = connectedApi();
/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('AboutInstitutionPage', () => {
  it("edits the session's school and toasts the documented text", async () => {
    const user = userEvent.setup();
    const { client, user: account, institution } = await api.signedInOwner('school');
    renderConnected(<AboutInstitutionPage onNavigate={() => undefined} />, { client });
    expect(await screen.findByRole('heading', { name: 'About your school' })).toBeTruthy();
    const name = await screen.findByLabelText(/^School name/);
    expect((name as HTMLInputElement).value).toBe('Casa school');
    expect(screen.queryByRole('radio')).toBeNull();
    await user.clear(name);
    await user.type(name, 'Colegio Mar');
    await user.selectOptions(screen.getByLabelText('Number of students'), '500-1000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Institution was successfully updated.')).toBeTruthy();
    const { body } = await api.server.call<{ data: Institution }>(`/api/institution/${institution.id}`, {
      token: account.token,
      institution: institution.id,
    });
    expect(body.data).toMatchObject({ name: 'Colegio Mar', students: '500_1000', kind: 'school' });
  });

  it('titles a business as such, asks no number of students, and shows URL issues under the field', async () => {
    const user = userEvent.setup();
    const { client } = await api.signedInOwner('business');
    renderConnected(<AboutInstitutionPage onNavigate={() => undefined} />, { client });
    expect(await screen.findByRole('heading', { name: 'About your business' })).toBeTruthy();
    await screen.findByLabelText(/^Business name/);
    expect(screen.queryByLabelText('Number of students')).toBeNull();
    await user.type(screen.getByLabelText('Website URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be a valid URL (https://example.com).')).toBeTruthy();
  });

  it('uploads, replaces and removes the logo, and refuses what is not PNG or JPEG', async () => {
    const user = userEvent.setup();
    const { client, user: account, institution } = await api.signedInOwner('school');
    renderConnected(<AboutInstitutionPage onNavigate={() => undefined} />, { client });
    const logo = () =>
      api.server
        .call<{ data: Institution }>(`/api/institution/${institution.id}`, {
          token: account.token,
          institution: institution.id,
        })
        .then(({ body }) => body.data.logo);
    const input = (await screen.findByTestId('logo-input')) as HTMLInputElement;
    expect(screen.getByText('No logo yet.')).toBeTruthy();
    await user.upload(input, new File([PNG], 'crest.png', { type: 'image/png' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Current logo' })).toBeTruthy();
    const first = await logo();
    expect(first).toMatch(/\/api\/public\/logo\/[0-9a-f]{32}\.png$/);

    // Replaced once the first upload is over (the picker is locked while one runs).
    const replace = await screen.findByRole('button', { name: 'Replace logo' });
    await vi.waitFor(() => expect(replace).toHaveProperty('disabled', false));
    await user.upload(input, new File([PNG], 'crest-2.png', { type: 'image/png' }));
    await vi.waitFor(async () => expect(await logo()).not.toBe(first));
    const second = await logo();

    // Not an image by its content, whatever its name says: refused with the documented text, nothing sent.
    await vi.waitFor(() => expect(input.disabled).toBe(false));
    await user.upload(input, new File(['<svg onload="alert(1)"/>'], 'crest.png', { type: 'image/png' }));
    const refused = await screen.findByText('Only JPEG and PNG files are allowed.');
    expect(refused.getAttribute('role')).toBe('alert');
    expect(await logo()).toBe(second);

    // Removed with its button: the frame shows the initial again.
    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Delete successfully.')).toBeTruthy();
    expect(await screen.findByText('No logo yet.')).toBeTruthy();
    expect(await logo()).toBeNull();
  });

  it('lets members who may not edit the institution see its logo, not change it', async () => {
    const { client } = await api.signedInOwner('school');
    act(() => client.session.update({ roles: ['admissions_agent'] }));
    renderConnected(<AboutInstitutionPage onNavigate={() => undefined} />, { client });
    expect(await screen.findByRole('button', { name: 'Choose image' })).toHaveProperty('disabled', true);
  });

  it('says so when the user has no institution, and leads to creating one', async () => {
    const user = userEvent.setup();
    const { client } = await api.signedIn();
    const visited: string[] = [];
    renderConnected(<AboutInstitutionPage onNavigate={(path) => visited.push(path)} />, { client });
    expect(screen.getByText('You do not belong to an institution yet.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Create your school or business' }));
    expect(visited).toEqual(['/setup-assistant']);
  });

  it('speaks Spanish', async () => {
    const { client } = await api.signedInOwner('school');
    renderConnected(<AboutInstitutionPage onNavigate={() => undefined} />, { client, locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Sobre tu centro educativo' })).toBeTruthy();
    expect(await screen.findByLabelText(/^Nombre del centro/)).toBeTruthy();
  });
});
