// Import cycles among a TypeScript program's own files, found in one pass over its module graph.
// `npm run check` uses this in place of ESLint's import-x/no-cycle, which walks the graph again
// from every import of every file and cost about half of the lint's rule time (29 of 57 CPU-s).
// It reports what no-cycle reports and more: the same imports count (static, `export … from`
// and dynamic `import()`; type-only ones are erased and do not), and a cycle of any length
// fails, where no-cycle looks 8 imports deep. `npm run lint` and editors keep no-cycle.
import path from 'node:path';
import ts from 'typescript';

/** Whether an import or export declaration brings in only types (erased when compiled). */
function typeOnly(node) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/** The module specifiers a file imports at run time, with the line of each. */
function importsOf(file) {
  const found = [];
  const add = (literal) =>
    found.push({
      specifier: literal.text,
      line: file.getLineAndCharacterOfPosition(literal.getStart(file)).line + 1,
    });
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!typeOnly(node)) add(node.moduleSpecifier);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The cycles among the program's own files (not declaration files, not packages), each as the
 * files around it in import order with the line of each import, the first file again at the end.
 * `root` makes the reported paths relative.
 */
export function importCycles(program, root) {
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const own = program
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'));
  const ownNames = new Set(own.map((f) => f.fileName));
  /** file name → [{ to, line }] */
  const edges = new Map();
  for (const file of own) {
    const out = [];
    for (const { specifier, line } of importsOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file.fileName, options, ts.sys, cache)
        .resolvedModule?.resolvedFileName;
      if (resolved && ownNames.has(resolved)) out.push({ to: resolved, line });
    }
    edges.set(file.fileName, out);
  }

  // Tarjan's strongly connected components, iteratively (no recursion depth limit).
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const out = edges.get(frame.node);
      if (frame.next < out.length) {
        const { to } = out[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1).node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = edges.get(member).some((e) => e.to === member);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }

  // One cycle through each component, from its first file in name order, for the message.
  const relative = (f) => path.relative(root, f);
  return components.map((component) => {
    const members = new Set(component);
    const first = [...component].sort()[0];
    // Breadth-first from `first` inside the component until an import leads back to it.
    const came = new Map([[first, null]]);
    const queue = [first];
    let closing = null;
    while (queue.length > 0 && !closing) {
      const at = queue.shift();
      for (const edge of edges.get(at)) {
        if (!members.has(edge.to)) continue;
        if (edge.to === first) {
          closing = { from: at, line: edge.line };
          break;
        }
        if (!came.has(edge.to)) {
          came.set(edge.to, { from: at, line: edge.line });
          queue.push(edge.to);
        }
      }
    }
    // The files from `first` to the one that imports it back; each with its line importing the next.
    const files = [closing.from];
    while (files[0] !== first) files.unshift(came.get(files[0]).from);
    const lines = files.map((_, i) =>
      i + 1 < files.length ? came.get(files[i + 1]).line : closing.line,
    );
    return files.map((file, i) => ({ file: relative(file), line: lines[i] }));
  });
}

/** The cycles as lines for the terminal, empty when there are none. */
export function formatCycles(cycles) {
  return cycles.map(
    (cycle) =>
      `import cycle: ${cycle.map((s) => `${s.file}:${s.line}`).join(' → ')} → ${cycle[0].file}`,
  );
}
