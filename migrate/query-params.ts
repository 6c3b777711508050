// v1 query parameters on the way to v2 (issue 45, item 3). A parameter the v2 operation takes
// (schema/v2.openapi.yaml, from the published document) is kept; any other is an error note
// naming it and what v2 offers instead, so `migrate` is not ok and `migrate scan --fix` leaves
// the call: a list filter dropped silently (`GET /v1/pods?name=ci-test`) would list every record.

import type { RouteMapping } from "./route-table.js";
import type { Note } from "./types.js";

/**
 * The query parameters of the v2 operations the v1 routes map to; an operation not listed takes
 * none. test/migrate/query-params.test.ts holds this to schema/v2.openapi.yaml and the published
 * document.
 */
export const V2_QUERY: Readonly<Record<string, readonly string[]>> = {
  listPods: ["includeClusterPods"],
  listPodBilling: ["startTime", "endTime", "bucketSize", "lastN", "podId"],
  listServerlessBilling: ["startTime", "endTime", "bucketSize", "lastN", "serverlessId"],
  listNetworkVolumeBilling: ["startTime", "endTime", "bucketSize", "lastN", "networkVolumeId"],
};

const WORKERS = "v2 lists an endpoint's workers at `GET /v2/serverless/{id}/workers`";
const TEMPLATE = "read the template with `GET /v2/templates/{id}`";
const POD_EXPANSIONS: Record<string, string> = {
  includeWorkers: `serverless workers are not pods in v2: ${WORKERS}`,
  includeTemplate: `v2 returns no expansions: ${TEMPLATE}`,
  includeNetworkVolume: "v2 returns no expansions: read the volume with `GET /v2/network-volumes/{id}`",
  includeMachine: "v2 returns no machine details",
  includeSavingsPlans: "v2 returns no savings plans",
};
const ENDPOINT_EXPANSIONS: Record<string, string> = { includeWorkers: WORKERS, includeTemplate: `v2 returns no expansions: ${TEMPLATE}` };
const TEMPLATE_SWITCHES: Record<string, string> = {
  includePublicTemplates: "public templates are their own route in v2: `GET /v2/catalog/templates?source=community` (or `source=verified`)",
  includeRunpodTemplates: "official templates are their own route in v2: `GET /v2/catalog/templates?source=official`",
  includeEndpointBoundTemplates: "v2 has no switch for templates bound to endpoints",
};

/** The expansions v2 serves at another route, and on which v1 routes (expansionOf). */
const REPLACED: Readonly<Record<string, readonly Record<string, string>[]>> = {
  includeTemplate: [POD_EXPANSIONS, ENDPOINT_EXPANSIONS],
  includeNetworkVolume: [POD_EXPANSIONS],
  includeWorkers: [ENDPOINT_EXPANSIONS],
};

/** What v2 offers instead of a v1 query parameter it does not take, by v1 route. */
const INSTEAD: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "GET /pods": POD_EXPANSIONS,
  "GET /pods/{podId}": POD_EXPANSIONS,
  "GET /endpoints": ENDPOINT_EXPANSIONS,
  "GET /endpoints/{endpointId}": ENDPOINT_EXPANSIONS,
  "GET /templates": TEMPLATE_SWITCHES,
  "GET /templates/{templateId}": TEMPLATE_SWITCHES,
};

/** v1 query parameters v2 takes under another name (issue 41): the fix renames them. Both published documents. */
const RENAMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "GET /billing/endpoints": { endpointId: "serverlessId" },
};

/**
 * v1 `grouping` values that are what v2 answers anyway, by v1 route: dropped, with a note. v2's
 * billing operations take no grouping; the published document says they emit records per
 * serverless endpoint (listServerlessBilling) or per pod (listPodBilling) per bucket. Any other
 * grouping has no v2 counterpart and is an error.
 */
const GROUPING_AS_V2: Readonly<Record<string, { value: string; v2: string }>> = {
  "GET /billing/endpoints": { value: "endpointId", v2: "one record per serverless endpoint per bucket" },
  "GET /billing/pods": { value: "podId", v2: "one record per pod per bucket" },
};

/** What the query of a v1 call becomes: a parameter renamed (`to`) or dropped (`to: null`). */
export interface QueryChange {
  key: string;
  to: string | null;
  /**
   * A drop only `migrate scan --unsafe-fixes` makes: a v1 expansion (`includeWorkers`,
   * `includeTemplate`, …) asks for data v2 returns at another route, so the call no longer
   * receives it (the note on the parameter names that route).
   */
  unsafe?: true;
}

/**
 * Whether v1 query parameter `key` of the v1 route is an expansion v2 does not return and
 * serves at another route (the parameter's note names it): such a parameter may be dropped, by
 * `--unsafe-fixes` only. A filter (`name`, `gpuTypeId`) or a switch that changes which records
 * are listed (`includePublicTemplates`, pods' `includeWorkers`, which also lists the pods that
 * are serverless workers) is never dropped: the answer would hold other records. Nor is an
 * expansion whose data v2 has nowhere (`includeMachine`, `includeSavingsPlans`).
 */
export function expansionOf(route: RouteMapping, key: string): boolean {
  const table = INSTEAD[`${route.method} ${route.v1}`];
  return (table === POD_EXPANSIONS || table === ENDPOINT_EXPANSIONS) && (REPLACED[key]?.includes(table) ?? false);
}

/** A key or a whole query written as a placeholder: `${qs}`, `{params}`, `$QUERY`, `<query>`. */
const PLACEHOLDER = /[{}$<>]/;

function decoded(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}

/**
 * The query a v2 call keeps (`?…` or "") and the notes on the v1 one: kept parameters (info), a
 * parameter v2 does not take or a query built at run time (error). `query` starts with `?` or is
 * empty; a `#fragment` is not sent and is dropped from the reasoning, kept in the path.
 */
export function migrateQuery(route: RouteMapping, query: string): { query: string; notes: Note[]; changes: QueryChange[] } {
  if (query === "") return { query: "", notes: [], changes: [] };
  const hash = query.indexOf("#");
  const search = (hash >= 0 ? query.slice(0, hash) : query).replace(/^\?/, "");
  const fragment = hash >= 0 ? query.slice(hash) : "";
  const operation = route.operation ?? `${route.v2Method} ${route.v2}`;
  const takes = (route.operation && V2_QUERY[route.operation]) || [];
  const offers = takes.length === 0 ? "it takes no query parameters" : `it takes only ${takes.map((t) => `\`${t}\``).join(", ")}`;
  const list = route.method === "GET" && !route.v1.endsWith("}");
  const kept: string[] = [];
  const notes: Note[] = [];
  const changes: QueryChange[] = [];
  const keptAsIs: string[] = [];
  const v1Route = `${route.method} ${route.v1}`;
  for (const pair of search.split("&")) {
    if (pair === "") continue;
    const key = decoded(pair.split("=")[0] as string);
    const renamed = RENAMED[v1Route]?.[key];
    if (renamed !== undefined && takes.includes(renamed)) {
      kept.push(`${renamed}${pair.slice(pair.split("=")[0]!.length)}`);
      changes.push({ key, to: renamed });
      notes.push({ level: "info", field: key, message: `query parameter renamed \`${renamed}\`: v2 \`${operation}\` calls the same filter so` });
      continue;
    }
    const grouping = key === "grouping" ? GROUPING_AS_V2[v1Route] : undefined;
    if (grouping !== undefined && !notes.some((note) => note.field === key)) {
      const value = pair.includes("=") ? decoded(pair.slice(pair.indexOf("=") + 1)) : "";
      if (value === grouping.value) {
        changes.push({ key, to: null });
        notes.push({
          level: "info",
          field: key,
          message: `query parameter dropped: v2 \`${operation}\` takes no grouping and answers ${grouping.v2}, what \`grouping=${value}\` asked of v1`,
        });
      } else {
        notes.push({
          level: "error",
          field: key,
          message: `\`grouping=${value}\` has no v2 counterpart: v2 \`${operation}\` takes no grouping and answers ${grouping.v2}; group the records yourself`,
        });
      }
      continue;
    }
    if (PLACEHOLDER.test(key)) {
      notes.push({
        level: "error",
        message: `the query string is built at run time (\`${pair}\`): v2 \`${operation}\` ${offers.replace(/^it /, "")}; check that the call sends no other parameter, then change it by hand`,
      });
      continue;
    }
    if (takes.includes(key)) {
      kept.push(pair);
      keptAsIs.push(key);
      continue;
    }
    // A repeated parameter (`gpuTypeId=A&gpuTypeId=B`) is reported once.
    if (notes.some((note) => note.field === key)) continue;
    if (expansionOf(route, key)) changes.push({ key, to: null, unsafe: true });
    const instead =
      INSTEAD[`${route.method} ${route.v1}`]?.[key] ??
      (list ? "the filter does not carry over: filter the list v2 returns yourself" : "drop it or find the v2 route that serves it");
    notes.push({ level: "error", field: key, message: `a query parameter v2 \`${operation}\` does not take (${offers}); ${instead}` });
  }
  if (keptAsIs.length > 0) {
    const names = keptAsIs.map((key) => `\`${key}\``).join(", ");
    notes.unshift({
      level: "info",
      message: `query parameter${keptAsIs.length === 1 ? "" : "s"} ${names} kept: v2 \`${operation}\` takes ${keptAsIs.length === 1 ? "it" : "them"}`,
    });
  }
  return { query: kept.length > 0 ? `?${kept.join("&")}${fragment}` : fragment, notes, changes };
}
