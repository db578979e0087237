export * from './fish-bone/index.js';
