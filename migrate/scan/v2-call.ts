// The v2 calls the source reader finds (issue 44): the same evaluator that reads v1 calls reads
// these, and `v2kit scan` (code/) checks them against the document. Positions are 1-based lines
// and UTF-16 columns, as SARIF and the CLI print them.

/** A place in one file's text. */
export interface SourcePosition {
  line: number;
  column: number;
  /** The offset in the text (UTF-16 code units), for an editor's range and a fix. */
  offset: number;
}

/** One call to the v2 REST API found in source code. */
export interface V2Call {
  /** Where the call's URL expression starts. */
  at: SourcePosition;
  /** The URL expression's end offset, exclusive. */
  end: number;
  /** The method, when the call shows it (`requests.patch`, `-X PATCH`, `method: "PATCH"`); `certain` when written as a literal at the call. */
  method?: { value: string; certain: boolean };
  /** The path from `/v2` on, without the query; a segment filled at run time is `{…}` (`/v2/pods/{pod_id}`). */
  path: string;
  /**
   * Where the path is written as plain text (no part filled at run time, no escapes): the file's
   * text from `at` on is `text`, the last segments of `path` with their slashes
   * (`/serverless/endpoints`, when a base constant holds the `/v2`). A route fix replaces it;
   * absent when the path is not written so, and then there is no fix.
   */
  pathText?: { at: SourcePosition; text: string };
  /** The query parameters written in the URL or in the call's params (`params={"a": 1}`), each at its name. */
  query: { name: string; at: SourcePosition }[];
  /** The query is built at run time too (`?${qs}`): parameters beyond `query` may be sent. */
  queryOpen?: true;
  /** A literal body sent by the call (or assigned once from a literal, or passed to a request function that sends it). */
  body?: {
    value: unknown;
    /** JSON pointer of each member (`/gpu/minCudaVersion`) → where its key is written; `""` is the literal's opening bracket. */
    keys: Record<string, SourcePosition>;
    /** JSON pointer → where the value is written (for a violation about the value). */
    values: Record<string, SourcePosition>;
    /**
     * JSON pointer → where the member's name is written as plain text (inside its quotes, no
     * escapes): the file's text from `at` on is `text`. A rename fix replaces it; absent, no fix.
     */
    names?: Record<string, { at: SourcePosition; text: string }>;
    /** Pointers whose value the code fills at run time: the checks do not judge those values. */
    runtime: string[];
  };
  /** A body the call sends but builds elsewhere (`json=payload`): its source, for an info note. */
  bodyElsewhere?: string;
  /** The fields the code reads back from the response, in order, each as a path below the response root (`["endpoints", "*", "workersMin"]`, `*` an item of a list). */
  reads: { path: string[]; at: SourcePosition; match: string }[];
}
