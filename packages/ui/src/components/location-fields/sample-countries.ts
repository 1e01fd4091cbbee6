/** A few countries as the API lists them, for the stories of the forms that ask for one. */
export const sampleCountries = [
  { value: 'ES', label: 'Spain' },
  { value: 'MX', label: 'Mexico' },
  { value: 'CO', label: 'Colombia' },
];
