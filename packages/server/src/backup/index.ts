/** What `backup/` offers the root floor: the data folder's claim (one server, or one backup, at a time). */
export { claimDataDir, DataDirBusyError } from './control-socket';
