export declare const PAGES: Record<string, string[][]>;
