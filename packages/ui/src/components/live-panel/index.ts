export { LivePanel, type LivePanelProps } from './live-panel';
