export { Transcript, type TranscriptProps } from './transcript';
