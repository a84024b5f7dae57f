import { readFileSync } from 'node:fs'
import picomatch from 'picomatch'
import { globSync } from 'tinyglobby'
import { describe, expect, it } from 'vitest'
import { testProjects } from '../projects'

// vitest runs from the repository's root.
const testFiles = globSync(['{src,mocks,server-helpers,scripts,test}/**/*.test.{ts,tsx}'])

/** The vitest projects (test/projects.ts) whose include and exclude take `file`. */
function projectsOf(file: string) {
  return Object.entries(testProjects)
    .filter(([, p]) => picomatch.isMatch(file, p.include) && !picomatch.isMatch(file, p.exclude))
    .map(([name]) => name)
}

describe('where a test goes decides its environment', () => {
  it('finds the test files', () => {
    expect(testFiles.length).toBeGreaterThan(100)
  })

  it('every test file runs in exactly one project', () => {
    const wrong = testFiles.map((file) => ({ file, projects: projectsOf(file) })).filter((f) => f.projects.length !== 1)
    expect(wrong).toEqual([])
  })

  it('the folder chooses: framework-free layers in Node, React code in jsdom, *.browser.test.tsx in Chromium', () => {
    expect(projectsOf('server-helpers/routes/proxy.test.ts')).toEqual(['node'])
    expect(projectsOf('mocks/index.test.ts')).toEqual(['node'])
    expect(projectsOf('src/api/client.test.ts')).toEqual(['node'])
    expect(projectsOf('src/provider/LinekitProvider.ssr.test.tsx')).toEqual(['node'])
    expect(projectsOf('src/hooks/useThread.test.tsx')).toEqual(['unit'])
    expect(projectsOf('test/unit/boundaries.test.ts')).toEqual(['node'])
    expect(projectsOf('src/components/messaging/Conversation/Conversation.browser.test.tsx')).toEqual(['browser'])
  })

  it('no file picks its own environment', () => {
    const marker = ['@vitest', 'environment'].join('-')
    const picking = testFiles.filter((file) => readFileSync(file, 'utf8').includes(marker))
    expect(picking).toEqual([])
  })
})
