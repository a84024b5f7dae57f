/**
 * `npx tsx scripts/deploySettings.ts`: writes the generated tables of docs/deploy.md — every
 * option of `createLinekitServer` from `server-helpers/internal/serverSettings.ts` (the list the
 * server checks at start, keyed by the options type), and every option of the Redis stores, the
 * read model and its reconciler from their interfaces' TSDoc — between the
 * `<!-- generated:settings -->` markers. `--check` fails when the committed file differs;
 * npm test runs the same comparison (test/unit/docs.test.ts), so the guide cannot drift.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import * as prettier from 'prettier'
import { serverSettings } from '../server-helpers/internal/serverSettings'
import type { ServerSetting } from '../server-helpers/internal/serverSettings'

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..')
export const deployDocPath = join(root, 'docs', 'deploy.md')
const START = '<!-- generated:settings (npx tsx scripts/deploySettings.ts) -->'
const END = '<!-- /generated:settings -->'

const cell = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()

/** The options table of `createLinekitServer`. */
function serverTable(): string {
  const rows = (Object.entries(serverSettings) as [string, ServerSetting][]).map(([name, setting]) => {
    const required = setting.required ? '**required**' : 'optional'
    const env = setting.env ? `\`${setting.env}\`` : ''
    const def = setting.default ? `\`${setting.default}\`` : ''
    return `| \`${name}\` | ${required} | ${env} | ${def} | ${cell(setting.meaning)} |`
  })
  return [
    '| option | required | environment variable | default | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}

/** The members of one exported interface, with whether each is required, its TSDoc and its @default. */
function interfaceTable(file: string, name: string, skip: string[] = []): string {
  // Parents set: the TSDoc of a member is found through them.
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true)
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  )
  if (!declaration) throw new Error(`deploySettings: ${name} is not declared in ${file}`)
  const rows: string[] = []
  for (const member of declaration.members) {
    if (!ts.isPropertySignature(member) || !member.name || !ts.isIdentifier(member.name)) continue
    const prop = member.name.text
    if (skip.includes(prop)) continue
    const docs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc)
    const comment = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join(' ')
    const def = docs.flatMap((doc) => doc.tags ?? []).find((tag) => tag.tagName.text === 'default')
    const defText = def ? (ts.getTextOfJSDocComment(def.comment) ?? '') : ''
    const required = member.questionToken ? 'optional' : '**required**'
    rows.push(
      `| \`${prop}\` | ${required} | ${defText ? `\`${cell(defText)}\`` : ''} | ${cell(comment.replace(/\{@link ([\w.]+)\}/g, '`$1`'))} |`,
    )
  }
  return [
    `**\`${name}\`** (\`${file}\`)`,
    '',
    '| option | required | default | meaning |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}

/** The generated block of docs/deploy.md, markers included. */
export function renderSettingsBlock(): string {
  return [
    START,
    '',
    '### `createLinekitServer` options',
    '',
    serverTable(),
    '',
    '### Several instances: `linekit/server/redis`',
    '',
    interfaceTable('server-helpers/redisEventBus.ts', 'RedisEventBusOptions'),
    '',
    interfaceTable('server-helpers/model/redisModelStore.ts', 'RedisModelStoreOptions'),
    '',
    interfaceTable('server-helpers/gate/redisBudgetStore.ts', 'RedisBudgetStoreOptions'),
    '',
    '### The read model: `readModel`',
    '',
    interfaceTable('server-helpers/attachReadModel.ts', 'ReadModelSetup'),
    '',
    interfaceTable('server-helpers/model/modelState.ts', 'RetentionOptions'),
    '',
    // model, upstream and baseUrl are filled in by the server, not given (ReadModelSetup's type omits them).
    interfaceTable('server-helpers/model/reconciler.ts', 'ReconcilerOptions', ['model', 'upstream', 'baseUrl']),
    '',
    END,
  ].join('\n')
}

/** docs/deploy.md with its generated block rewritten, formatted by the repository's Prettier settings. */
export async function renderDeployDoc(current = readFileSync(deployDocPath, 'utf8')): Promise<string> {
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  if (start < 0 || end < start) throw new Error(`deploySettings: docs/deploy.md lacks the ${START} … ${END} markers`)
  const text = current.slice(0, start) + renderSettingsBlock() + current.slice(end + END.length)
  const config = (await prettier.resolveConfig(deployDocPath)) ?? {}
  return prettier.format(text, { ...config, filepath: deployDocPath })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const current = readFileSync(deployDocPath, 'utf8')
  const expected = await renderDeployDoc(current)
  if (process.argv.includes('--check')) {
    if (current !== expected) {
      console.error('docs/deploy.md is stale: run `npx tsx scripts/deploySettings.ts`')
      process.exit(1)
    }
  } else {
    writeFileSync(deployDocPath, expected)
    console.log('wrote docs/deploy.md')
  }
}
