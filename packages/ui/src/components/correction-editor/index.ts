export { CorrectionEditor, type CorrectionEditorProps } from './correction-editor';
