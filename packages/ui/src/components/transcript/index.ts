export { formatDateTime, Transcript, type TranscriptProps } from './transcript';
