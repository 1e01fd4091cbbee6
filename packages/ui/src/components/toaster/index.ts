export { clearNotifications, notifyError, notifySuccess, Toaster } from './toaster';
