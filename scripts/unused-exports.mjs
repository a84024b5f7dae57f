// `node scripts/unused-exports.mjs`: lists the exports of src/, mocks/ and server-helpers/ that no
// other module imports (tests, stories, the playground and scripts count as importers). The entry
// points of package.json's `exports` are the public API: what they export, and what they
// re-export, is used. Exits 1 when there is one; the unit suite keeps the list empty
// (scripts/unused-exports.test.ts). A type that another module's declaration output has to name
// (an exported const whose type is inferred from it) is imported there as an annotation, so this
// rule and `tsc -p tsconfig.build.json` agree (src/hooks/internal/readMarks.ts).
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const checkedDirs = ['src/', 'mocks/', 'server-helpers/']
const isTest = (file) => /\.(test|test-d)\.tsx?$/.test(file)

/** Source files of the package's entry points (`./dist/src/index.d.ts` → `src/index.ts`). */
function entryFiles() {
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'))
  const files = new Set()
  for (const target of Object.values(pkg.exports)) {
    const types = typeof target === 'object' ? target.types : undefined
    if (typeof types === 'string') files.add(resolve(root, types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts')))
  }
  return files
}

/** `[{ file, line, name }]`: exports of src/, mocks/ and server-helpers/ nothing imports. */
export function findUnusedExports() {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
  const checker = program.getTypeChecker()
  const entries = entryFiles()
  const own = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'))
  const original = (symbol) =>
    symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  const used = new Set()
  const useAll = (moduleSymbol) => {
    if (moduleSymbol) for (const s of checker.getExportsOfModule(moduleSymbol)) used.add(original(s))
  }
  const moduleOf = (specifier) => (specifier ? checker.getSymbolAtLocation(specifier) : undefined)

  for (const file of own) {
    const isEntry = entries.has(file.fileName)
    // What an entry point exports is public.
    if (isEntry) useAll(checker.getSymbolAtLocation(file))
    const visit = (node) => {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause
        const bindings = clause?.namedBindings
        if (clause?.name) used.add(original(checker.getSymbolAtLocation(clause.name)))
        if (bindings && ts.isNamespaceImport(bindings)) useAll(moduleOf(node.moduleSpecifier))
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements) used.add(original(checker.getSymbolAtLocation(el.name)))
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        // A re-export uses what it names (or everything, for `export *`).
        if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) useAll(moduleOf(node.moduleSpecifier))
        else for (const el of node.exportClause.elements) used.add(original(checker.getSymbolAtLocation(el.name)))
      } else if (ts.isImportTypeNode(node)) {
        const target = checker.getSymbolAtLocation(node.argument.literal ?? node.argument)
        if (node.qualifier) {
          const first = ts.isIdentifier(node.qualifier) ? node.qualifier : node.qualifier.left
          const mod = moduleOf(node.argument.literal)
          const s = mod && checker.getExportsOfModule(mod).find((e) => e.name === first.text)
          if (s) used.add(original(s))
        } else useAll(target)
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        useAll(moduleOf(node.arguments[0]))
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }

  const unused = []
  for (const file of own) {
    const path = relative(root, file.fileName)
    if (!checkedDirs.some((d) => path.startsWith(d)) || isTest(path) || entries.has(file.fileName)) continue
    const moduleSymbol = checker.getSymbolAtLocation(file)
    if (!moduleSymbol) continue
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = original(exported)
      const declaration = exported.declarations?.[0]
      // Only what this file declares; its re-exports are judged where they are declared.
      if (!declaration || declaration.getSourceFile() !== file || ts.isExportSpecifier(declaration)) continue
      if (used.has(target) || used.has(exported)) continue
      const { line } = file.getLineAndCharacterOfPosition(declaration.getStart())
      unused.push({ file: path, line: line + 1, name: exported.name })
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const unused = findUnusedExports()
  for (const u of unused) console.log(`${u.file}:${u.line} ${u.name}`)
  console.log(`${unused.length} export(s) nothing imports`)
  process.exit(unused.length ? 1 : 0)
}
