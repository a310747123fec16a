export const ROUTER_EXPORTS: readonly string[];
export const ROUTER_FACADE: string;
export const ROUTER_IMPLEMENTATION: string;
