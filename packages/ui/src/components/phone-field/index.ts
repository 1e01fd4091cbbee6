export { PhoneField, type PhoneFieldProps } from './phone-field';
export { type CountryCode, isValidPhone, toE164 } from './phone';
