#!/usr/bin/env node
// Runs the TypeScript CLI straight from a checkout: tsx (a root devDependency) compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
