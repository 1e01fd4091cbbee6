export { OverviewPanel, type OverviewPanelProps } from './overview-panel';
