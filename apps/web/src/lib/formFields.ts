/**
 * A request's fields as a form's inputs hold them: each one a string ('' when blank), none optional.
 * The form's values type then follows the contract's request type; the submit turns them back.
 */
export type FormFields<Request> = { [Field in keyof Request]-?: string };
