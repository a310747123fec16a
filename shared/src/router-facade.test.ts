import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as reactRouter from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTER_EXPORTS, ROUTER_FACADE, ROUTER_IMPLEMENTATION } from '../build/router-contract.mjs';
// @ts-expect-error — build scripts (plain .mjs, no types)
import { hostSharedModules, sharedModules } from '../build/remote-preset.mjs';

const sharedDir = join(import.meta.dirname, '..');
const facadeSource = readFileSync(join(sharedDir, 'build/router-facade.mjs'), 'utf8');

describe('the router singleton: a named part of react-router (contract 2)', () => {
  it('the facade re-exports exactly the contract’s names, from the implementation request', () => {
    const statement = /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/.exec(facadeSource);
    expect(statement?.[2]).toBe(ROUTER_IMPLEMENTATION);
    const names = (statement?.[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    expect(names).toEqual(ROUTER_EXPORTS);
    // One statement only: nothing else can slip into the singleton.
    expect(facadeSource.match(/^export\b/gm)).toHaveLength(1);
  });

  it('every name is a real export of the installed react-router', () => {
    for (const name of ROUTER_EXPORTS) expect(reactRouter, name).toHaveProperty(name, expect.anything());
  });

  it('is what every app provides and consumes as react-router, by package request (no machine path in the build)', () => {
    const pkg = JSON.parse(readFileSync(join(sharedDir, '../shell/package.json'), 'utf8'));
    const shared = sharedModules(pkg);
    expect(shared['react-router']).toEqual({
      singleton: true,
      requiredVersion: `^${pkg.dependencies['react-router']}`,
      version: pkg.dependencies['react-router'],
      import: ROUTER_FACADE,
    });
    expect(shared).not.toHaveProperty('react-router-dom');
    const exportsMap = JSON.parse(readFileSync(join(sharedDir, 'package.json'), 'utf8')).exports;
    expect(exportsMap[ROUTER_FACADE.replace('@cardwallet/shared', '.')]).toBe('./build/router-facade.mjs');
  });

  it('an app without react-router cannot be built against the router singleton', () => {
    expect(() => sharedModules({ name: 'broken', dependencies: { react: '19.3.1' } })).toThrow(/must be a dependency/);
  });
});

describe("the shell's singletons", () => {
  it('are the remotes’ packages and versions, without a range the shell would check against itself', () => {
    const pkg = JSON.parse(readFileSync(join(sharedDir, '../shell/package.json'), 'utf8'));
    const remote: Record<string, { requiredVersion: string }> = sharedModules(pkg);
    const host: Record<string, { requiredVersion: unknown }> = hostSharedModules(pkg);
    expect(Object.keys(host)).toEqual(Object.keys(remote));
    for (const [key, config] of Object.entries(remote)) {
      expect(config.requiredVersion).toMatch(/^\^\d/);
      expect(host[key]).toEqual({ ...config, requiredVersion: false });
    }
  });
});
