// `v2kit/client`: hold openapi-fetch calls to the generated contract.
//   const client = createClient<paths>({ baseUrl });
//   client.use(contractMiddleware({ api: await import("./generated/index.mjs") }));

export { ContractError, type ContractErrorCode, type ContractSide } from "./contract-error.js";
export { type ContractApi, contractMiddleware, type ContractMiddleware, type ContractOptions } from "./middleware.js";
export { type Route, routeTable } from "./routes.js";
