// Types of build.mjs (plain JavaScript so that `npm start` runs it without a TypeScript loader).
export declare const DIST_DIR: string;
export declare const SERVER_ENTRY: string;
export type BuildOptions = { entryPoints?: string[]; outDir?: string };
export declare function staleReason(outDir?: string): string | undefined;
export declare function buildServer(options?: BuildOptions): Promise<{ inputs: number; ms: number }>;
export declare function buildServerIfStale(options?: BuildOptions): Promise<string | undefined>;
