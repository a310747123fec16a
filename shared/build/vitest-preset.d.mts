import type { UserConfig } from 'vitest/config';

export function createComponentTestConfig(options?: { setupFiles?: string[] }): UserConfig;
