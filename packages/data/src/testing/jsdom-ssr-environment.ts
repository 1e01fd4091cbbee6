/**
 * jsdom for the DOM, with modules transformed as on the server: the tests import the real API
 * server in-process, and Vite's client transforms (e.g. `new URL(…, import.meta.url)` turned into
 * an asset URL) would break its file paths. Node's typed arrays are put back over jsdom's: Node
 * APIs (TextEncoder, crypto) make Node ones, and the server's JWT library checks `instanceof`.
 * Node's `Blob`, `File` and `FormData` are put back too: the tests upload through Node's fetch,
 * which sends jsdom's as `filename="blob"` without their bytes; a `FileReader` reads Node's blobs.
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime';
import { NodeFileReader } from './node-file-reader';

const NODE_GLOBALS = [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'Blob',
  'File',
  'FormData',
] as const;

const environment: Environment = {
  name: 'jsdom-ssr',
  viteEnvironment: 'ssr',
  async setup(global: Record<string, unknown>, options) {
    const originals = NODE_GLOBALS.map((name) => [name, global[name]] as const);
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    for (const [name, value] of originals) global[name] = value;
    global.FileReader = NodeFileReader;
    return jsdom;
  },
};

export default environment;
