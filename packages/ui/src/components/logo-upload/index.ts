export { LogoUpload, type LogoUploadProps } from './logo-upload';
export { checkLogo, LOGO_ACCEPT, LOGO_MAX_MB, logoTypeOf, type LogoRejection } from './logo-rules';
