import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RULE_MESSAGES, passwordProblem } from '@wkflow/contracts';
import * as yup from 'yup';

/**
 * A password being set, as the API checks it (libs/contracts' passwordProblem): the form's own
 * message for missing or short, then not spaces only and not on the common list.
 */
export function settablePassword(minMessage: string, maxMessage = `Senha deve ter no máximo ${PASSWORD_MAX} caracteres`) {
  return yup
    .string()
    .required(minMessage)
    .min(PASSWORD_MIN, minMessage)
    .max(PASSWORD_MAX, maxMessage)
    .test('not-blank', PASSWORD_RULE_MESSAGES.blank, (value) => !value || passwordProblem(value) !== 'blank')
    .test('not-common', PASSWORD_RULE_MESSAGES.common, (value) => !value || passwordProblem(value) !== 'common');
}
