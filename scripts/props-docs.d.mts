export declare const propsDocPath: string
export declare function renderPropsDoc(): Promise<string>
