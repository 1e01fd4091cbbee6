/** The types shared by the extraction's caller (extract.ts), its worker and the per-format readers. */
import type { FileFailureReason, FileType } from '@conversa/contract/knowledge';

export interface ExtractLimits {
  /** Wall time for one document, worker start included. */
  timeoutMs: number;
  /**
   * The worker's V8 heap. Buffers outside the heap (pdf.js streams) are bounded too: the process's
   * resident memory may not grow by more than this plus WORKER_OVERHEAD_MB while the worker runs.
   */
  maxMemoryMb: number;
  /** Characters of normalised text. */
  maxChars: number;
  /** PDF pages. */
  maxPages: number;
  /** Declared uncompressed size of a DOCX's zip entries, summed. */
  maxInflatedBytes: number;
}

/** A document's text, or why there is none. */
export type ExtractResult =
  { ok: true; text: string; pages: number | null } | { ok: false; reason: FileFailureReason; detail: string };

/** What extract.ts sends. */
export interface ExtractRequest {
  bytes: Uint8Array;
  type: FileType;
  limits: ExtractLimits;
}
