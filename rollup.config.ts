// Builds the widget (embed loader + chat app) with the widget issue; nothing to build yet.
import type { RollupOptions } from 'rollup';

const config: RollupOptions[] = [];
export default config;
