// One walk per path (docs/engine.md): the rules of an operation read the same few fields of
// the request and of the resolved body again and again (`rt.prop(rt.prop(subject.resolved, "gpu"),
// "pools")` in several rules). Once the stages have run neither body changes, so each chain is
// read once, into a local, as inline code (V8 does not inline `rt.prop` into a function this
// large), before the rules run.

/** The bodies whose reads are hoisted: both are fixed once the eager stages have run. */
const ROOTS: Record<string, string> = { "subject.input": "i$", "subject.resolved": "r$" };

const READ = /rt\.prop\((subject\.input|subject\.resolved|[ir]\$\d+), ("(?:[^"\\]|\\.)*")\)/g;

/**
 * `text` with every `rt.prop` chain over `subject.input` or `subject.resolved` replaced by a local, and the
 * declarations of those locals (in dependency order), to be placed before `text` runs.
 */
export function hoistReads(text: string): { text: string; declarations: string[] } {
  const names = new Map<string, string>();
  const declarations: string[] = [];
  const bases = new Set<string>();
  const plainFlags = new Set<string>();
  let out = text;
  for (;;) {
    let changed = false;
    out = out.replace(READ, (_all, base: string, key: string) => {
      changed = true;
      const id = `${base}\u0000${key}`;
      let name = names.get(id);
      if (name === undefined) {
        const prefix = ROOTS[base] ?? base.slice(0, 2);
        name = `${prefix}${names.size}`;
        names.set(id, name);
        let from = base;
        if (base in ROOTS) {
          from = ROOTS[base] as string;
          if (!bases.has(base)) {
            bases.add(base);
            declarations.push(`const ${from}: unknown = ${base};`);
          }
        }
        // rt.prop inline: an own property of a non-array object, never an inherited member. An
        // object whose prototype is Object.prototype (all JSON.parse makes; lint copies other
        // values into such objects) cannot inherit a key Object.prototype lacks: a plain load
        // is the own property then, with no Object.hasOwn call (V8 folds both tests once the
        // code is optimized). Anything else takes rt.prop (a call: it keeps this function small,
        // which V8 compiles sooner, and lint's bodies never take it). A caller that vouches
        // for plain JSON data (`plain`, as lint does) spares the prototype test too.
        const plain = `o${from}`;
        if (!plainFlags.has(from)) {
          plainFlags.add(from);
          declarations.push(
            `const ${plain} = typeof ${from} === "object" && ${from} !== null && !Array.isArray(${from}) && (plain === true || Object.getPrototypeOf(${from}) === Object.prototype);`,
          );
        }
        declarations.push(
          `const ${name}: unknown = ${plain} && !(${key} in Object.prototype) ? (${from} as Record<string, unknown>)[${key}] : rt.prop(${from}, ${key});`,
        );
      }
      return name;
    });
    if (!changed) return { text: out, declarations };
  }
}
