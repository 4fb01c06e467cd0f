export { nextAlertLevel, storageAlert } from "./alerts.ts";
export { storageOverview, type StorageOverview } from "./overview.ts";
export { runStorageWatch } from "./watch.ts";
