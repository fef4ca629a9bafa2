import { ValidateBy, type ValidationOptions } from 'class-validator';
import { passwordProblem, PASSWORD_RULE_MESSAGES } from '@wkflow/contracts';

/**
 * A password being set is not spaces only and not on the common list (libs/contracts'
 * passwordProblem, which the web forms use too). Put it above the length checks: the DTOs'
 * own length messages come first. Never on the login: older passwords keep working.
 */
export function IsSettablePassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSettablePassword',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !['blank', 'common'].includes(passwordProblem(value) ?? ''),
        defaultMessage: (args) =>
          typeof args?.value === 'string' && passwordProblem(args.value) === 'blank'
            ? PASSWORD_RULE_MESSAGES.blank
            : PASSWORD_RULE_MESSAGES.common,
      },
    },
    options,
  );
}
