export {
  QuestionsEditor,
  type QuestionsEditorProps,
  questionErrors,
  questionsToSave,
} from './questions-editor';
