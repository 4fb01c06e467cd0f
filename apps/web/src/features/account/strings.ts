// Every user-visible string of the account self-service screens, in one place so it moves to
// the message catalogue (next-intl) in one step when translations land.
export const text = {
  loading: "Loading…",
  tryAgain: "Try again",
  password: {
    heading: "Password",
    intro: "Changing your password signs you out on every other device.",
    current: "Current password",
    currentHint: "Leave empty if you have only signed in with a quick-login provider so far.",
    new: "New password",
    newHint: (min: number) => `At least ${min} characters.`,
    confirm: "New password again",
    mismatch: "The two new passwords are not the same",
    submit: "Change password",
    submitting: "Changing…",
    done: "Password changed. Every other session has been signed out.",
  },
  sessions: {
    heading: "Signed-in sessions",
    intro: "Where your account is signed in. Sign out any session you do not recognise.",
    unknownDevice: "Unknown device",
    unknownIp: "unknown address",
    thisDevice: "This device",
    signedIn: (date: string) => `Signed in ${date}`,
    lastSeen: (date: string) => `last active ${date}`,
    revoke: "Sign out",
    revokeLabel: (device: string) => `Sign out the session on ${device}`,
    revokeOthers: "Sign out all other sessions",
    revoked: (count: number) => (count === 1 ? "1 other session was signed out." : `${count} other sessions were signed out.`),
    none: "No other sessions: you are signed in only here.",
  },
  deletion: {
    heading: "Delete account",
    intro:
      "This deletes your account and everything in it at once: all mailboxes and their messages and files, sent-mail records, webhook endpoints and their logs, your messenger link and your sessions. It cannot be undone.",
    confirm: (email: string) => `Type ${email} to confirm`,
    mismatch: "Type your e-mail address exactly as shown",
    submit: "Delete my account",
    submitting: "Deleting…",
  },
} as const;
