// Route shapes kept as constants, relative to the v1 base.
export const ROUTES = {
  endpoints: "/endpoints/",
  stopPod: "/pods/{id}/stop",
  docs: "/templates/readme.html",
};
