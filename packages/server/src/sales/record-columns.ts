/** The lead download's own columns, which the import reads back (apart, so the CSV thread loads no database code). */

/** A column of the downloads: what it holds, and its header in each language. */
export interface Column {
  key: string;
  en: string;
  es: string;
}

/** The lead download's columns, before the configured fields'; the import reads the same ones. */
export const LEAD_COLUMNS: readonly Column[] = [
  { key: 'id', en: 'ID', es: 'ID' },
  { key: 'date', en: 'Date', es: 'Fecha' },
  { key: 'company', en: 'Company', es: 'Empresa' },
  { key: 'contact_name', en: 'Contact', es: 'Contacto' },
  { key: 'phone', en: 'Phone', es: 'Teléfono' },
  { key: 'email', en: 'Email', es: 'Correo electrónico' },
  { key: 'notes', en: 'Notes', es: 'Notas' },
  { key: 'seller', en: 'Seller', es: 'Vendedor' },
  { key: 'seller_number', en: 'Seller number', es: 'Número del vendedor' },
];
