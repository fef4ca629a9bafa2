/**
 * The offline pt-BR task parser, by concern: options and messages, the scanner and its word
 * lists, dates, names, the title, the parse itself, and the check of a language model's answer.
 */
export {
  AI_CONFIDENCE_WEIGHTS,
  AI_DEFAULT_DEADLINE_HOUR,
  AI_MESSAGES,
  AI_TITLE_MAX,
  cleanTaskText,
  computeConfidence,
  type ParseTaskOptions,
} from './options';
export { interpretModelAnswer } from './model-answer';
export { parseTaskText } from './parse-task-text';
