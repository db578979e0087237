export * from './congress/index.js';
