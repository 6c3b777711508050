// v1 → v2 migration: routes, bodies (one mapping table per v1 body kind), responses, scanning.

export { applyTable, sortKeys } from "./apply-table.js";
export { formatFindings, formatRequestMigration, formatResponseMigration } from "./format.js";
export { selectPools } from "./gpu-selection.js";
export type { GpuSelection } from "./gpu-selection.js";
export { migrateRequest } from "./request.js";
export type { LintResult, RequestMigration } from "./request.js";
export { migrateResponse, v1ErrorToProblem } from "./responses.js";
export type { ResponseMigration } from "./responses.js";
export { ROUTES, V1_RESOURCES } from "./route-table.js";
export type { RouteMapping } from "./route-table.js";
export { findRoute, migrateRoute, parseV1Path } from "./routes.js";
export { toSarif } from "./sarif.js";
export type { FileFindings } from "./sarif.js";
export { analyzeSource, readV2Calls, resolveFindings, scanSource } from "./scan/index.js";
export type { AnalyzeOptions, Bases, FileAnalysis, Finding, Inferred, SourcePosition, Surroundings, V2Call } from "./scan/index.js";
export { endpointBody, endpointTable } from "./tables/endpoint.js";
export { networkVolumeBody, networkVolumeTable } from "./tables/network-volume.js";
export { podBody, podTable } from "./tables/pod.js";
export { registryBody, registryTable } from "./tables/registry.js";
export { templateBody, templateTable } from "./tables/template.js";
export type * from "./types.js";
