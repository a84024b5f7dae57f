// Minimal types for the two test-only modules that ship none.
declare module 'pngjs' {
  export class PNG {
    constructor(options: { width: number; height: number })
    width: number
    height: number
    data: Buffer
    static sync: { read(buffer: Buffer): PNG; write(png: PNG): Buffer }
  }
}
declare module 'picomatch' {
  const picomatch: { isMatch(path: string, patterns: string | string[]): boolean }
  export default picomatch
}
