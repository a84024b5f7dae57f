export declare const hooksDocPath: string
export declare function renderHooksDoc(): Promise<string>
