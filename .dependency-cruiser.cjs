/**
 * Import-cycle check (`npm run lint`, the lint step of `npm test`): dependencies inside every package
 * point one way. Type-only imports count too — a cycle through a shared type is still a circle a
 * reader has to untangle; shared types live in a file of their own. scripts/check-cycles.mjs names
 * the folders checked. Results are cached by file content, so a run after a small change re-reads
 * only what changed.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import circle: move the shared types or helpers into a file both sides import, and compose services at the module edge (index.ts).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
