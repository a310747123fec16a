import { createComponentTestConfig } from '../shared/build/vitest-preset.mjs';

export default createComponentTestConfig();
