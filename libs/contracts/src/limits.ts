/** Business constants shared by the API and the web (core.md §9, extended.md §9). */
/** A password being set (registration, new user, changes, reset); the spec's 6 became 8 (docs/decisions.md). */
export const PASSWORD_MIN = 8;
/** The login form keeps the spec's 6: passwords set before the rule changed still log in. */
export const LOGIN_PASSWORD_MIN = 6;
export const NAME_MIN = 2;
export const USERNAME_MIN = 3;
export const PROFILE_DESCRIPTION_MIN = 5;
/** Upper bounds the spec leaves open: keep huge strings out of the database. */
export const NAME_MAX = 120;
export const USERNAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 200;
export const TEXT_MAX = 10_000;
