// French, one file per namespace, the same namespaces and keys as ../en (typed
// against it here; tests/node/messages.test.ts also compares keys and ICU placeholders).
import type en from "../en";
import account from "./account.json";
import admin from "./admin.json";
import apiKeys from "./apiKeys.json";
import auth from "./auth.json";
import blocklist from "./blocklist.json";
import common from "./common.json";
import errors from "./errors.json";
import home from "./home.json";
import mail from "./mail.json";
import messenger from "./messenger.json";
import meta from "./meta.json";
import notFound from "./notFound.json";
import offline from "./offline.json";
import outbound from "./outbound.json";
import shell from "./shell.json";
import webhooks from "./webhooks.json";

const fr: typeof en = {
  account,
  admin,
  apiKeys,
  auth,
  blocklist,
  common,
  errors,
  home,
  mail,
  messenger,
  meta,
  notFound,
  offline,
  outbound,
  shell,
  webhooks,
};

export default fr;
