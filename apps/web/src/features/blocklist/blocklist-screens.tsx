"use client";

import { trpc } from "@/lib/trpc";
import { BlocklistView } from "./blocklist-view";

/** `/settings/blocklist`: senders the user's mailboxes refuse. */
export function OwnBlocklistScreen() {
  const utils = trpc.useUtils();
  const rules = trpc.blocklist.list.useQuery();
  const add = trpc.blocklist.add.useMutation({ onSuccess: () => utils.blocklist.list.invalidate() });
  const remove = trpc.blocklist.remove.useMutation({ onSuccess: () => utils.blocklist.list.invalidate() });
  return <BlocklistView scope="own" calls={{ rules, add, remove }} />;
}

/** `/admin/blocklist`: senders every mailbox of the service refuses. */
export function GlobalBlocklistScreen() {
  const utils = trpc.useUtils();
  const rules = trpc.admin.blocklist.list.useQuery();
  const add = trpc.admin.blocklist.add.useMutation({ onSuccess: () => utils.admin.blocklist.list.invalidate() });
  const remove = trpc.admin.blocklist.remove.useMutation({ onSuccess: () => utils.admin.blocklist.list.invalidate() });
  return <BlocklistView scope="global" calls={{ rules, add, remove }} />;
}
