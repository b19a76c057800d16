// ESLint rule `local/no-import-cycle`: fails on an import that closes a cycle of files
// (docs/decisions/0221-no-import-cycles.md). Every kind of import is an edge: `import`, `import type`,
// `export … from`, `import('…')` and `require('…')`. A type-only or lazy edge still ties the two files together (one
// cannot be read, moved or tested without the other), which is what the rule is about.
//
// Imports are resolved by TypeScript's module resolution (Bundler mode, the repository's setting), so a workspace
// package such as `@goodtable/shared` resolves to its source and counts as our own code; files inside node_modules
// are never followed. The graph is read from disk once per lint run and kept while files are linted back to back; the
// file being linted always contributes its current text.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  allowJs: true,
  resolveJsonModule: true,
  noEmit: true,
};

/** A lint run lints files back to back; a pause longer than this (an editor) reads the files again. */
const GRAPH_REUSE_MS = 2_000;

let graph = createGraph();
let lastUsedAt = 0;

function createGraph() {
  return {
    resolutionCache: ts.createModuleResolutionCache(process.cwd(), (name) => name, compilerOptions),
    /** "folder\0specifier" → the file of ours it names (undefined: none). */
    resolved: new Map(),
    /** file → the files of ours it imports, from the text on disk. */
    importsOfFile: new Map(),
    /** file → the files on a cycle with it (see componentOf). */
    components: new Map(),
  };
}

/** A relative import that names its file with the extension (the repository's style): no resolution needed. */
const EXPLICIT_SOURCE_FILE = /^\.\.?\/.*\.(?:ts|tsx|mts|js|mjs)$/;

/** The file of ours that `specifier` in `fromFile` names, or undefined (a package, an asset, an unknown path). */
function resolveImport(specifier, fromFile) {
  const key = `${path.dirname(fromFile)}\0${specifier}`;
  if (graph.resolved.has(key)) return graph.resolved.get(key);
  let file;
  if (EXPLICIT_SOURCE_FILE.test(specifier)) {
    const candidate = path.resolve(path.dirname(fromFile), specifier);
    if (fs.existsSync(candidate)) file = candidate;
  }
  if (!file) {
    const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, compilerOptions, ts.sys, graph.resolutionCache);
    // A workspace package resolves through its node_modules link to its real folder: ours (TypeScript calls any
    // package external, so its flag is not used).
    if (resolvedModule) file = path.resolve(resolvedModule.resolvedFileName);
  }
  if (file?.split(path.sep).includes('node_modules')) file = undefined;
  graph.resolved.set(key, file);
  return file;
}

function importsOfText(text, fromFile) {
  const targets = new Set();
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveImport(fileName, fromFile);
    if (target) targets.add(target);
  }
  return targets;
}

function importsOfFile(file) {
  let targets = graph.importsOfFile.get(file);
  if (!targets) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // A file that vanished imports nothing.
    }
    targets = importsOfText(text, file);
    graph.importsOfFile.set(file, targets);
  }
  return targets;
}

/**
 * The strongly connected component of `file`: the files on some cycle through it (just itself when there is none).
 * Tarjan's algorithm, run lazily: each call numbers only the files not numbered before, so a whole lint run walks the
 * graph once.
 */
function componentOf(file) {
  const { components } = graph;
  if (components.has(file)) return components.get(file);
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (current) => {
    index.set(current, index.size);
    lowLink.set(current, index.get(current));
    stack.push(current);
    onStack.add(current);
    for (const target of importsOfFile(current)) {
      if (components.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        lowLink.set(current, Math.min(lowLink.get(current), lowLink.get(target)));
      } else if (onStack.has(target)) {
        lowLink.set(current, Math.min(lowLink.get(current), index.get(target)));
      }
    }
    if (lowLink.get(current) !== index.get(current)) return;
    const component = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.add(member);
    } while (member !== current);
    for (const each of component) components.set(each, component);
  };
  visit(file);
  return components.get(file);
}

/** The shortest chain of imports from `start` back to `file`, through files of their component. */
function chainBack({ start, file, component }) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) break;
    for (const target of importsOfFile(current)) {
      if (component.has(target) && !previous.has(target)) {
        previous.set(target, current);
        queue.push(target);
      }
    }
  }
  const chain = [];
  for (let step = file; step !== undefined; step = previous.get(step)) chain.unshift(step);
  return chain;
}

const sameSet = (one, other) => one.size === other.size && [...one].every((each) => other.has(each));

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that closes a cycle of files, whatever the kind of import.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both files need to a third file both import.' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!fs.existsSync(file)) return {};
    const now = Date.now();
    if (now - lastUsedAt > GRAPH_REUSE_MS) graph = createGraph();
    lastUsedAt = now;

    /** [specifier node, specifier] for each import of this file, in source order. */
    const imports = [];
    const noteSource = (node) => {
      if (node && node.type === 'Literal' && typeof node.value === 'string') imports.push([node, node.value]);
    };
    return {
      ImportDeclaration: (node) => noteSource(node.source),
      ExportNamedDeclaration: (node) => noteSource(node.source),
      ExportAllDeclaration: (node) => noteSource(node.source),
      ImportExpression: (node) => noteSource(node.source),
      TSImportType: (node) => noteSource(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      TSExternalModuleReference: (node) => noteSource(node.expression),
      'CallExpression[callee.type="Identifier"][callee.name="require"]': (node) => noteSource(node.arguments[0]),
      'Program:exit'() {
        const targets = importsOfText(context.sourceCode.text, file);
        const known = graph.importsOfFile.get(file);
        if (known && !sameSet(known, targets)) graph.components.clear();
        graph.importsOfFile.set(file, targets);
        const component = componentOf(file);
        // A file alone in its component is on a cycle only if it imports itself.
        if (component.size === 1 && !targets.has(file)) return;
        const cwd = context.cwd ?? process.cwd();
        for (const [node, specifier] of imports) {
          const target = resolveImport(specifier, file);
          if (!target || !component.has(target)) continue;
          const chain = [file, ...chainBack({ start: target, file, component })].map((step) => path.relative(cwd, step));
          context.report({ node, messageId: 'cycle', data: { chain: chain.join(' → ') } });
        }
      },
    };
  },
};

export default { meta: { name: 'local' }, rules: { 'no-import-cycle': rule } };
