/** The types shared by the extraction's caller (extract.ts), its child process and the per-format readers. */
import type { FileFailureReason, FileType } from '@conversa/contract/knowledge';

export interface ExtractLimits {
  /** Wall time for one document, the child's start included. */
  timeoutMs: number;
  /**
   * The child's V8 heap. Memory outside the heap (pdf.js streams in ArrayBuffers) is bounded too:
   * the child's resident memory may not pass this plus CHILD_OVERHEAD_MB.
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

/** What the child process tells extract.ts: that it is ready for the request, then the outcome. */
export type ChildMessage = { ready: true } | { result: ExtractResult };
