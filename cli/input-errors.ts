// Which errors from loading a spec or rules file are the user's input (exit 1: invalid input,
// with file and JSON pointer), which are an unreadable file (exit 2), and which are neither.

/** Exit code for an error thrown while loading --spec/--rules: 1 invalid input, 2 otherwise. */
export async function inputErrorExit(error: unknown): Promise<number> {
  const [{ SpecError }, { GenerateError }, { RulesFileError }] = await Promise.all([
    import("../generators/load.js"),
    import("../generators/pipeline.js"),
    import("../rules/load.js"),
  ]);
  if (!(error instanceof SpecError || error instanceof GenerateError || error instanceof RulesFileError)) return 2;
  // "FILE: cannot read: ENOENT" is an unreadable file, as for body files (exit 2).
  return /^[^\n]*: cannot read: /.test(error.message) ? 2 : 1;
}
