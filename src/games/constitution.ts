export * from './constitution/index.js';
