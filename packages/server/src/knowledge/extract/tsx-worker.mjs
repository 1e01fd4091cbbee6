// Starts the extraction worker from its TypeScript source (tests, `npm run dev`): Node 20 does not
// apply `--import tsx` from a worker's execArgv to the worker's own modules, so tsx is registered
// here. The big parsers are loaded first, by plain Node: through tsx's hooks they take seconds.
import 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import 'mammoth';
import { register } from 'tsx/esm/api';

register();
await import('./extract.worker.ts');
