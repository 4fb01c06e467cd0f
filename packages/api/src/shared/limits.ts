// Plain numbers shared by the procedures and the web forms. Kept free of zod so a page that only
// needs a number (the sign-up form's password minimum) does not bundle the schema library.
export const passwordMinLength = 8;

/** Recipients of one outbound mail, to, cc and bcc together. */
export const maxRecipients = 50;

/** CONTRACT §8: a mailbox may be kept for 1 hour up to a year (8760 hours); none means until deleted. */
export const maxMailboxHours = 8760;

/** The lifetimes the web app offers, in hours. */
export const mailboxLifetimes = [1, 24, 7 * 24, 30 * 24] as const;
