// Types of scripts/cluster.mjs for the TypeScript proof script (api/bench/cluster-proof.ts).
import type { ChildProcess } from 'node:child_process';

export const DEFAULT_DATABASE_URL: string;
export const DEFAULT_REDIS_URL: string;
export function ensureNginx(): string;
export function nginxConfig(options: { dir: string; port: number; upstreams: number[]; accessLog?: boolean }): string;

export interface ClusterMember {
  index: number;
  port: number;
  child: ChildProcess | null;
  restarts: number;
}
export interface Cluster {
  url: string;
  ports: number[];
  dir: string;
  members: ClusterMember[];
  nginx: ChildProcess;
  kill(index: number, signal?: NodeJS.Signals): void;
  setEnv(extra: Record<string, string>): void;
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}
export function startCluster(options?: {
  processes?: number;
  port?: number;
  basePort?: number;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  web?: boolean;
  dir?: string;
  supervise?: boolean;
  accessLog?: boolean;
  quiet?: boolean;
}): Promise<Cluster>;
