/** Types of build/start-loader.mjs for the loader's tests. */
export declare const START_LOADER_FILE: RegExp;
export declare function startLoaderCode(rspack: unknown, source?: string): string;
export declare function startLoaderFileOf(compilation: unknown): string | undefined;
export declare function withStartLoader<T>(configFn: T): T;
