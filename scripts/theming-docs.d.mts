export declare const themingDocPath: string
export declare function renderThemingDoc(): Promise<string>
