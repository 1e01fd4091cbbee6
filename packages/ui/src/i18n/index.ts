export { activateLocale, detectLocale, i18n, isLocale } from './locale';
export { UiI18nProvider } from './i18n-provider';
export { errorMessage, issueMessage, type MessageParams, successMessage, validationMessage } from './codes';
export { errorNotices, successNotices } from './notices';
