import { ValidateBy, type ValidationOptions } from 'class-validator';
import { normalizeHttpUrl } from '@wkflow/contracts';

/** PostgreSQL int4: ids in bodies and queries beyond it are refused by validation, not by the database. */
export const INT4_MAX = 2_147_483_647;

/** Trimmed; a blank optional text becomes null (the field is cleared). */
export const trimToNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export { trim } from '../../platform/http/validation';

/** 'agencia.com.br' becomes https://agencia.com.br; an invalid address is left as sent for IsHttpUrl to refuse. */
export const toHttpUrl = ({ value }: { value: unknown }) => (typeof value === 'string' ? (normalizeHttpUrl(value) ?? value.trim()) : value);

/** As toHttpUrl, and a blank optional address becomes null (cleared). */
export const toOptionalHttpUrl = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? null : toHttpUrl({ value });

/** An http(s) address as normalizeHttpUrl accepts it. */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isHttpUrl', validator: { validate: (value: unknown) => typeof value === 'string' && normalizeHttpUrl(value) === value } },
    options,
  );
}
