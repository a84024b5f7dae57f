// `npm run test:pictures [-- --update] [story files or folders…] [-- vitest options]`: the story
// pictures alone. They are taken by the Storybook vitest project (test/setup-storybook.ts) after
// each story's play function and axe; baselines are test/pictures/__baselines__/<story id>--<variant>.png.
// `--update` rewrites the baselines of the stories it runs (all, or the files named) after an
// intended change of looks; commit them. Differences land in test-results/pictures/.
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const update = args.includes('--update')
const tools = spawnSync('node', ['scripts/ensure-test-tools.mjs'], { stdio: 'inherit' })
if (tools.status !== 0) process.exit(tools.status || 1)
const r = spawnSync('npx', ['vitest', 'run', '--project', 'storybook', ...args.filter((a) => a !== '--update')], {
  stdio: 'inherit',
  env: { ...process.env, ...(update ? { LINEKIT_UPDATE_PICTURES: '1' } : {}) },
})
process.exit(r.status ?? 1)
