export { Waiting, type WaitingProps } from './waiting';
