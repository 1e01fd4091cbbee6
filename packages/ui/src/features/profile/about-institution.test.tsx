import type { Institution } from '@conversa/contract/institution';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { AboutInstitutionPage } from './about-institution';

const api = connectedApi();

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
