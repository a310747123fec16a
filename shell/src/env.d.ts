declare module '*.css';
/** The errors + validation part of a shared `common` catalogue file (shell build: build/common-catalogue.mjs). */
declare module '*.json?errors' {
  const part: { errors: Record<string, string>; validation?: Record<string, string> };
  export default part;
}

/** The common words of a shared `common` catalogue file (shell build: build/common-catalogue.mjs). */
declare module '*.json?core' {
  const part: Record<string, unknown>;
  export default part;
}
