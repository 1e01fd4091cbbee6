/** What other features use of `knowledge/` (docs/architecture.md: features reach each other through their folder's index). */
export {
  type AnswerEvent,
  AnswerFailedError,
  composeAnswer,
  type ComposedAnswer,
  type ComposeInput,
} from './answer/compose';
export { enqueueEmbedding } from './embeddings/embed-knowledge.job';
export { type ExtractLimits, extractText } from './extract/extract';
export { fileTypeSniffer } from './extract/sniff';
export { bumpKnowledgeVersion, replaceChunks } from './index.repo';
export { retrieve } from './retrieval';
export { chunkText, normalizeText } from './text/chunk';
export { detectLanguage, isStopword, textSearchConfig } from './text/language';
export { fold, foldedWords } from './text/words';
// The root floor: the semantic search and the embeddings job.
export { attachSemanticSearch, createSemanticSearch } from './embeddings/semantic-search';
export { EMBED_KNOWLEDGE, embedKnowledgeJob, enqueueStaleEmbeddings } from './embeddings/embed-knowledge.job';
export { stopExtractProcesses } from './extract/extract-process';
