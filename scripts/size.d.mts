export interface SizeFile {
  file: string
  kind: 'initial' | 'lazy' | 'css'
  gzip: number
  agora: boolean
  phone: boolean
  react: boolean
  /** Source files (paths as esbuild reports them, relative to the repo) with code in this chunk, biggest first. */
  inputs: string[]
}
export interface SizeResult {
  initial: number
  lazy: number
  css: number
  files: SizeFile[]
  agoraInInitial: boolean
  reactInInitial: boolean
  /** Source files (repo-relative) with code in an initial chunk. */
  initialInputs: string[]
  /** Every parsed source file → the files it imports statically (before tree-shaking). */
  graph: Record<string, string[]>
}
export interface SizeOptions {
  external?: string[]
  platform?: 'browser' | 'node' | 'neutral'
  resolveDir?: string
}
export declare const reactExternal: string[]
export declare function measure(code: string, options?: SizeOptions): Promise<SizeResult>
export interface Measurer {
  measure(code: string): Promise<SizeResult>
  dispose(): Promise<void>
}
export declare function createMeasurer(options?: SizeOptions): Measurer
export declare function cssSize(): Promise<number>
export declare function kb(bytes: number): string
/** gzip -9 bytes of all of @tanstack/react-query, minified, react external. */
export declare function reactQueryAlone(): Promise<number>
export interface ViteSizeResult {
  initial: number
  lazy: number
  files: (Omit<SizeFile, 'kind'> & { kind: 'initial' | 'lazy' })[]
  agoraInInitial: boolean
  initialInputs: string[]
}
export declare function measureVite(
  code: string,
  options?: { external?: string[]; resolveDir?: string },
): Promise<ViteSizeResult>
export interface NextSizeFile {
  file: string
  kind: 'initial' | 'lazy'
  gzip: number
  agora: boolean
  phone: boolean
  zod: boolean
  reactQuery: boolean
}
export interface NextSizeResult {
  initial: number
  reactQuery: number
  lazy: number
  files: NextSizeFile[]
  agoraInInitial: boolean
  phoneInInitial: boolean
}
export declare function measureNextBuild(dir?: string): NextSizeResult | undefined
export declare function readmeSnippet(): string
