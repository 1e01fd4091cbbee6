export { EmailField, type EmailFieldProps } from './email-field';
