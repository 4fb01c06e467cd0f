export { storageAlert } from "./alerts.ts";
export { storageOverview } from "./overview.ts";
export { runStorageWatch } from "./watch.ts";
