declare module '*.css';
/** The errors + validation part of a shared `common` catalogue file (shell build: build/common-catalogue.mjs). */
declare module '*.json?errors' {
  const part: { errors: Record<string, string>; validation?: Record<string, string> };
  export default part;
}
