export { PasswordField, type PasswordFieldProps } from './password-field';
export { passwordIssues, type PasswordRule, passwordRules } from './password-rules';
