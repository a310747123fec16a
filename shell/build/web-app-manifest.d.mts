/** Types of build/web-app-manifest.mjs for its tests. */
export declare const FAVICON: { file: string; size: number; scale: number };
export declare const MANIFEST_FILES: string[];
export declare function iconPng(size: number, scale: number): Buffer;
export declare function faviconIco(png?: Buffer, size?: number): Buffer;
