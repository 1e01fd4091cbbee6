import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { EMPTY_PROFILE, ProfileFields, type ProfileFieldsProps, type ProfileValues } from './profile-fields';

function Controlled(
  props: Partial<ProfileFieldsProps> & { initial?: ProfileValues; onValues?: (v: ProfileValues) => void },
) {
  const [values, setValues] = useState(props.initial ?? EMPTY_PROFILE);
  return (
    <ProfileFields
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

describe('ProfileFields', () => {
  it('fills the full name from first and last name until the user types another one', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled />);
    await user.type(screen.getByLabelText('First name'), 'Marta');
    await user.type(screen.getByLabelText('Last name'), 'Gil');
    const fullName = screen.getByLabelText(/^Full name/) as HTMLInputElement;
    expect(fullName.value).toBe('Marta Gil');
    await user.clear(fullName);
    await user.type(fullName, 'Marta Gil Romero');
    await user.type(screen.getByLabelText('Last name'), 'x');
    expect(fullName.value).toBe('Marta Gil Romero');
  });

  it('offers the documented sign-up positions and reports the choice', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    renderUi(<Controlled onValues={onValues} />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Choose your position',
      'Principal/Headmaster',
      'Admissions team',
      'Administrative staff',
      'Communications/Marketing',
      'Director general',
    ]);
    await user.selectOptions(screen.getByLabelText('Position'), 'Communications/Marketing');
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'communications_marketing' }));
  });

  it('asks country and city only with location, and shows errors under their fields', () => {
    const { unmount } = renderUi(<Controlled />);
    expect(screen.queryByLabelText('City')).toBeNull();
    unmount();
    renderUi(
      <Controlled
        withLocation
        countries={[{ value: 'ES', label: 'Spain' }]}
        errors={{ full_name: 'This field is required.', city: 'This value is too long.' }}
      />,
    );
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('option', { name: 'Spain' })).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
  });

  it('is read-only while waiting and speaks Spanish', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled waiting />, { locale: 'es' });
    const first = screen.getByLabelText('Nombre') as HTMLInputElement;
    await user.type(first, 'x');
    expect(first.value).toBe('');
    expect(screen.getByLabelText('Cargo')).toBeTruthy();
  });
});
