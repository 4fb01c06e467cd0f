import { secretGroups } from "../doctor/secret-names.ts";
import type { Table } from "../doctor/types.ts";

export interface FeaturePlan {
  feature: string;
  enabled: boolean;
  /** Secrets of an enabled feature that have a value and will be put. */
  put: string[];
  /** Required secrets of an enabled feature that have no value. */
  missing: string[];
  /** Why a feature is off, for the listing. */
  reason?: string;
}

/**
 * Which secrets an environment needs, derived from the values given: a feature is on as soon as one
 * of its required secrets has a value (messenger also needs ENABLE_MESSENGER not "false"); an enabled
 * feature then needs all its required secrets.
 */
export function planSecrets(values: ReadonlyMap<string, string>, vars: Table): FeaturePlan[] {
  return secretGroups.map((group) => {
    const has = (name: string) => (values.get(name) ?? "").trim() !== "";
    const required: readonly string[] = group.required;
    const optional: readonly string[] = group.optional;
    if (group.feature === "messenger" && vars.ENABLE_MESSENGER === "false") {
      return { feature: group.feature, enabled: false, put: [], missing: [], reason: 'ENABLE_MESSENGER is "false"' };
    }
    const trigger = group.feature === "messenger" ? ["MESSENGER_BOT_TOKEN"] : required;
    if (!trigger.some(has)) {
      return { feature: group.feature, enabled: false, put: [], missing: [], reason: `no value for ${trigger.join(", ")}` };
    }
    return {
      feature: group.feature,
      enabled: true,
      put: [...required, ...optional].filter(has),
      missing: required.filter((n) => !has(n)),
    };
  });
}
