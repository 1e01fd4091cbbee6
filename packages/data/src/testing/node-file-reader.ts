/**
 * A `FileReader` over Node's `Blob`, for the jsdom test environment once Node's `Blob`, `File` and
 * `FormData` stand in for jsdom's (jsdom's own reader only reads jsdom blobs). It does what the
 * screens use: `readAsArrayBuffer`, `readAsText` and `readAsDataURL`, with `load`/`error`/`loadend`.
 */
type Handler = ((this: NodeFileReader, event: Event) => void) | null;

export class NodeFileReader extends EventTarget {
  static readonly EMPTY = 0;
  static readonly LOADING = 1;
  static readonly DONE = 2;
  readonly EMPTY = 0;
  readonly LOADING = 1;
  readonly DONE = 2;
  readyState = 0;
  result: string | ArrayBuffer | null = null;
  error: DOMException | null = null;
  onloadstart: Handler = null;
  onprogress: Handler = null;
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  onloadend: Handler = null;
  private aborted = false;

  readAsArrayBuffer(blob: Blob): void {
    this.read(blob, (b) => b.arrayBuffer());
  }

  readAsText(blob: Blob): void {
    this.read(blob, (b) => b.text());
  }

  readAsDataURL(blob: Blob): void {
    this.read(blob, async (b) => {
      const base64 = Buffer.from(await b.arrayBuffer()).toString('base64');
      return `data:${b.type || 'application/octet-stream'};base64,${base64}`;
    });
  }

  abort(): void {
    if (this.readyState !== NodeFileReader.LOADING) return;
    this.aborted = true;
    this.readyState = NodeFileReader.DONE;
    this.result = null;
    this.fire('abort');
    this.fire('loadend');
  }

  private read(blob: Blob, how: (blob: Blob) => Promise<string | ArrayBuffer>): void {
    this.aborted = false;
    this.readyState = NodeFileReader.LOADING;
    this.result = null;
    this.error = null;
    // Events come asynchronously, as from a real reader.
    queueMicrotask(() => this.fire('loadstart'));
    how(blob).then(
      (result) => {
        if (this.aborted) return;
        this.result = result;
        this.readyState = NodeFileReader.DONE;
        this.fire('load');
        this.fire('loadend');
      },
      (cause: unknown) => {
        if (this.aborted) return;
        this.error = new DOMException(
          cause instanceof Error ? cause.message : String(cause),
          'NotReadableError',
        );
        this.readyState = NodeFileReader.DONE;
        this.fire('error');
        this.fire('loadend');
      },
    );
  }

  private fire(type: 'loadstart' | 'load' | 'error' | 'abort' | 'loadend'): void {
    const event = new Event(type);
    this.dispatchEvent(event);
    this[`on${type}`]?.call(this, event);
  }
}
