import { SEARCH_DEBOUNCE_MS } from '@conversa/contract/constants';
import { createSignedInUser } from '@conversa/server/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedApi, postInstitution, renderConnected } from '../../testing/connected';
import { ChangeInstitutionPage } from './change-institution';

const api = connectedApi();
let sol: number;
beforeAll(async () => {
  const owner = await createSignedInUser(api.server);
  sol = (await postInstitution(api, owner.token, { name: 'Colegio Sol', country: 'ES' })).id;
  await postInstitution(api, owner.token, { name: 'Academia Solar', country: 'MX' });
  await postInstitution(api, owner.token, { name: 'Colegio Luna', country: 'CO' });
});

const searches = () => api.received('institution', 'GET').map((request) => request.search.get('name'));
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('ChangeInstitutionPage', () => {
  it('lists institutions with id, name and country, 20 per page by default', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    renderConnected(<ChangeInstitutionPage onSelected={vi.fn()} />, { client });
    expect(screen.getByRole('heading', { name: 'Change institution' })).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(expect.arrayContaining(['Colegio Sol', 'Colegio Luna'])));
    const row = screen.getByRole('row', { name: /Colegio Sol/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([String(sol), 'Colegio Sol', 'Spain']);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Id',
      'Name',
      'Country',
    ]);
    expect(api.received('institution', 'GET').at(-1)?.search.get('per-page')).toBe('20');
  });

  it('searches by name only once typing has paused for 500 ms, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { client } = await api.signedIn({ isAdmin: true });
    renderConnected(<ChangeInstitutionPage onSelected={vi.fn()} />, { client });
    await waitFor(() => expect(rowNames().length).toBeGreaterThan(2));
    const before = searches().length;
    await user.type(screen.getByLabelText('Search by name'), 'Sol');
    const typedAt = performance.now();
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS - 200)));
    expect(searches().slice(before)).toEqual([]);
    await waitFor(() => expect(searches().slice(before)).toEqual(['Sol']));
    expect(performance.now() - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 50);
    await waitFor(() => expect(rowNames().sort()).toEqual(['Academia Solar', 'Colegio Sol']));

    await user.clear(screen.getByLabelText('Search by name'));
    await user.type(screen.getByLabelText('Search by name'), 'Nada parecido');
    expect(await screen.findByText('No results found', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('makes a clicked row, or one chosen with Enter, the institution of the session', async () => {
    const user = userEvent.setup();
    const { client } = await api.signedIn({ isAdmin: true });
    const onSelected = vi.fn();
    renderConnected(<ChangeInstitutionPage onSelected={onSelected} />, { client });
    await user.click(await screen.findByRole('row', { name: /Colegio Sol/ }));
    expect(onSelected).toHaveBeenCalledTimes(1);
    expect(client.session.getSnapshot()).toMatchObject({ institutionId: sol, roles: ['admin'] });

    const luna = screen.getByRole('row', { name: /Colegio Luna/ });
    luna.focus();
    await user.keyboard('{Enter}');
    expect(onSelected).toHaveBeenCalledTimes(2);
    expect(client.session.getSnapshot().institutionId).not.toBe(sol);
    expect(await screen.findByRole('row', { name: /Colegio Luna \(current\)/ })).toBeTruthy();
  });

  it('is not for members who are not administrators', async () => {
    const { client } = await api.signedIn();
    const before = api.received('institution', 'GET').length;
    renderConnected(<ChangeInstitutionPage onSelected={vi.fn()} />, { client });
    expect(screen.getByText('Only administrators can change the institution.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.received('institution', 'GET')).toHaveLength(before);
  });

  it('speaks Spanish', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    // A Spanish user's session asks the API in Spanish too: country names come back translated.
    client.session.update({ locale: 'es' });
    renderConnected(<ChangeInstitutionPage onSelected={vi.fn()} />, { client, locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Cambiar de institución' })).toBeTruthy();
    expect(screen.getByLabelText('Buscar por nombre')).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Colegio Sol.*España/ })).toBeTruthy();
  });
});
