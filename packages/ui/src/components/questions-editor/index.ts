export {
  QuestionsEditor,
  type QuestionsEditorProps,
  questionField,
  questionRows,
  QuestionsFormSchema,
  type QuestionsValues,
  questionsToSave,
} from './questions-editor';
