export interface SizeFile { file: string; kind: 'initial' | 'lazy' | 'css'; gzip: number; agora: boolean; phone: boolean; react: boolean }
export interface SizeResult { initial: number; lazy: number; css: number; files: SizeFile[]; agoraInInitial: boolean; reactInInitial: boolean }
export declare const reactExternal: string[]
export declare function measure(code: string, options?: { external?: string[]; platform?: 'browser' | 'node' | 'neutral' }): Promise<SizeResult>
export declare function cssSize(): Promise<number>
export declare function kb(bytes: number): string
