// Starts the extraction child from its TypeScript source (tests, `npm run dev`): tsx is registered
// here rather than through --import, and the big parsers are loaded first, by plain Node: through
// tsx's hooks they take seconds.
import 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import 'mammoth';
import { register } from 'tsx/esm/api';

register();
await import('./extract.child.ts');
