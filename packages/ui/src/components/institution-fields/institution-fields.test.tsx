import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import {
  EMPTY_INSTITUTION,
  InstitutionFields,
  type InstitutionFieldsProps,
  type InstitutionValues,
} from './institution-fields';

const countries = [
  { value: 'ES', label: 'Spain' },
  { value: 'MX', label: 'Mexico' },
];

function Controlled(props: Partial<InstitutionFieldsProps> & { onValues?: (v: InstitutionValues) => void }) {
  const [values, setValues] = useState(props.values ?? EMPTY_INSTITUTION);
  return (
    <InstitutionFields
      countries={countries}
      {...props}
      values={values}
      onChange={(field, value) =>
        setValues((current) => {
          const next = { ...current, [field]: value };
          props.onValues?.(next);
          return next;
        })
      }
    />
  );
}

describe('InstitutionFields', () => {
  it('asks a school for its number of students in the documented buckets, and not a business', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    renderUi(<Controlled onValues={onValues} />);
    expect(screen.getByLabelText(/^School name/)).toBeTruthy();
    const buckets = [...(screen.getByLabelText('Number of students') as HTMLSelectElement).options].map(
      (o) => o.text,
    );
    expect(buckets).toEqual(['Choose a range', 'Up to 250', '250-500', '500-1000', 'Over 1000']);
    await user.selectOptions(screen.getByLabelText('Number of students'), 'Over 1000');
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ students: 'over_1000' }));
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    expect(screen.getByLabelText(/^Business name/)).toBeTruthy();
    expect(screen.queryByLabelText('Number of students')).toBeNull();
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'business' }));
  });

  it('keeps the kind of an existing institution, and shows errors under their fields', () => {
    renderUi(
      <Controlled
        kindEditable={false}
        errors={{ website_url: 'Must be a valid URL (https://example.com).' }}
      />,
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByLabelText('Website URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must be a valid URL (https://example.com).')).toBeTruthy();
  });

  it('shows the countries waiting, and speaks Spanish', () => {
    renderUi(<Controlled countriesWaiting />, { locale: 'es' });
    expect((screen.getByLabelText('País') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'Empresa' })).toBeTruthy();
  });
});
