// Every user-visible string of the outbound screens (compose, sent, reply), one block per screen,
// so they move to the message catalogue in one piece when translations arrive.

export const statusText = {
  usage: (sent: number, quota: number) => `${sent} of ${quota} sent today`,
  notConfigured: "Sending mail is not set up on this service.",
  switchedOff: "Sending mail is switched off for your account. An administrator can turn it on.",
  quotaReached: (quota: number) => `You have sent today's ${quota} mails. Sending opens again at 00:00 UTC.`,
};

export const composeText = {
  title: "Send mail",
  replyTitle: "Reply",
  loading: "Loading…",
  from: "From",
  noMailboxes: "Create a mailbox on the dashboard first: mail goes out from one of your addresses.",
  useService: (address: string) => `Send from the service address ${address}`,
  useServiceHint: (mailbox: string) => `Replies still come to ${mailbox}.`,
  to: "To",
  cc: "Cc",
  bcc: "Bcc",
  showCopies: "Cc and Bcc",
  recipientsHint: "Type an address and press Enter or comma.",
  recipientList: (field: string) => `Recipients in ${field}`,
  removeRecipient: (address: string) => `Remove ${address}`,
  invalidRecipient: "Not a valid e-mail address",
  invalidRecipients: "Fix or remove the addresses marked invalid.",
  noRecipients: "Add at least one recipient.",
  tooManyRecipients: (max: number) => `Send to at most ${max} recipients in all.`,
  subject: "Subject",
  message: "Message",
  attachments: "Attachments",
  attachedFiles: "Attached files",
  attachHint: (max: string) => `Optional. Text and files together up to ${max}.`,
  removeFile: (name: string) => `Remove ${name}`,
  tooLarge: (max: string) => `Text and attachments together are over ${max}. Remove a file.`,
  readingFiles: "Reading files…",
  send: "Send",
  sending: "Sending…",
  failed: (error: string) => `The mail provider refused this mail: ${error}`,
  originalMissing: "The message you are replying to is no longer there.",
  quoteHeader: (date: string, from: string) => `On ${date}, ${from} wrote:`,
};

export const sentText = {
  title: "Sent",
  compose: "Send mail",
  loading: "Loading sent mail…",
  empty: "Nothing sent yet.",
  to: "To",
  subject: "Subject",
  from: "From",
  status: "Status",
  at: "Sent at",
  statuses: { queued: "Queued", sent: "Sent", failed: "Failed" } as const,
  noSubject: "(no subject)",
  replyTo: (address: string) => `Reply-To ${address}`,
  attachmentCount: (n: number) => (n === 1 ? "1 attachment" : `${n} attachments`),
  older: "Older mail",
  loadingMore: "Loading…",
  show: "Show text",
  hide: "Hide text",
};

export const replyText = {
  reply: "Reply",
};
