// ESLint rule `local/options-object`: a function of more than two inputs takes one options object
// (docs/decisions/0223-options-objects.md). At a call site, positional arguments of the same type are easily swapped
// without the compiler noticing; `({ tx, bookingId, now })` names each one.
//
// A function written inline as an argument of a call (`items.reduce((sum, item, index) => …)`, a Fastify hook
// `(request, reply, done)`) is left out: its signature belongs to the function that calls it, not to us. A TypeScript
// `this` parameter is not an input.
const MAX_POSITIONAL = 2;

function isCallback(node) {
  const parent = node.parent;
  return (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.arguments.includes(node);
}

function inputCount(node) {
  return node.params.filter((param) => !(param.type === 'Identifier' && param.name === 'this')).length;
}

export default {
  meta: { name: 'local-options-object' },
  rules: {
    'options-object': {
      meta: {
        type: 'suggestion',
        docs: { description: 'Functions with more than two inputs take one options object.' },
        schema: [],
        messages: {
          tooMany: '{{name}} takes {{count}} positional inputs; take one options object instead (docs/decisions/0223-options-objects.md).',
        },
      },
      create(context) {
        function check(node) {
          const count = inputCount(node);
          if (count <= MAX_POSITIONAL || isCallback(node)) return;
          const name = node.id?.name ?? (node.parent?.key?.name ?? node.parent?.id?.name ?? 'This function');
          context.report({ node, messageId: 'tooMany', data: { name, count: String(count) } });
        }
        return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check, TSDeclareFunction: check };
      },
    },
  },
};
